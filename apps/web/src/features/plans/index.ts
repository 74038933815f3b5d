/** What the plans feature offers other features (lint allows only this entry across features). */
export { useOrderStatus } from './api/purchase';
