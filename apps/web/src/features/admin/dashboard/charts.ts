/**
 * The dashboard's charts (requirements §20), one module so they and recharts load as one file
 * when the Dashboard tab opens: revenue and sign-ups per day, and update adoption.
 */
export { DailyChart } from './daily-chart';
export { AdoptionCharts } from './adoption-charts';
