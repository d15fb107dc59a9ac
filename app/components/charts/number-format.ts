/** Figures as the rest of the staff area writes them (Western digits, Arabic grouping). */
const numberFormat = new Intl.NumberFormat("ar-SA-u-nu-latn");
export const formatCount = (value: number) => numberFormat.format(value);
