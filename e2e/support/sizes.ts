// The two screens every page is checked on (docs/ui.md): a desk and a phone.
export const SCREEN_SIZES = { desk: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
