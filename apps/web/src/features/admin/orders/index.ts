/** The admin Orders tab (requirements §2 and §13): what the admin shell shows. */
export { OrdersPanel } from './orders-panel';
