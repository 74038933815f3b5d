/** What the orders feature offers other features (lint allows only this entry across features). */
export { useOrders } from './api/orders';
