// A chart's SVG shrinks to a phone's width, and its labels with it: below the md breakpoint they are
// drawn twice as large in the chart's own units, so they stay readable (about 10 px on the screen).
export const PHONE_LEGIBLE = "max-md:text-[20px]";
