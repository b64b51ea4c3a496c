// The app's date filter fields (the timeline's, the deliveries'): the contract's four forms, their
// problems as catalog keys (`validation.dateFilter.*`) said in the person's language where the field
// shows its errors. The sandbox keeps the contract's English words (lib/contract/date-filter.ts).
import { dateFilterSchema } from "@/lib/contract/date-filter-schema";

export const DateFilterFieldSchema = dateFilterSchema((problem) => `validation.dateFilter.${problem}`);
