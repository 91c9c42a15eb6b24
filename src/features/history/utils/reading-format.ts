/** How the history panel writes a reading's value and time, in the person's locale. */
const valueFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
export const formatValue = (value: number) => valueFormat.format(value);
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatTime = (time: number) => timeFormat.format(time);
export const clockFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
