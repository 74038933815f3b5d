/**
 * Child process of scripts/cluster/services.mjs `startS3rver`: runs s3rver on a free port of
 * 127.0.0.1 with S3RVER_DIRECTORY as its folder and the bucket S3RVER_BUCKET, prints
 * `listening on <port>` once it answers, and stops on SIGTERM.
 */
import { apiRequire } from './services.mjs';

const S3rver = apiRequire('s3rver');
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: process.env.S3RVER_DIRECTORY,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }],
});
const { port } = await server.run();
console.log(`listening on ${port}`);
process.on('SIGTERM', () => {
  server.close().finally(() => process.exit(0));
});
