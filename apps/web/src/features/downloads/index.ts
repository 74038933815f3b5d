/** What the downloads feature offers other features (lint allows only this entry across features). */
export { useDownload } from './components/use-download';
