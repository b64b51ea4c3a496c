// Tests format times as the server does: with the app's own zone rules (lib/format/zone-data.ts).
import "@/lib/format/zone-data";
