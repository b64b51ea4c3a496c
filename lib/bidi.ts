// Characters that override or isolate the direction of the text after them (U+202A–U+202E,
// U+2066–U+2069). Typed into a name that others read, "Invoice \u202Efdp.exe" shows as "Invoice
// exe.pdf". No keyboard types them; free text people write for others to read refuses them, as file
// names do (lib/resources/file-check.ts). Shared by server and browser.
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;

export const hasBidiControl = (text: string): boolean => BIDI_CONTROLS.test(text);
