/**
 * A real S3-compatible server for tests: s3rver on 127.0.0.1 and a free port, storing in a
 * temporary folder, with the bucket created through the S3 API (CreateBucket). Credentials are
 * s3rver's default account, given to the AWS SDK's default chain through AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY, as a deployment would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
// s3rver ships no types; the little used here is typed by `S3rverServer` below.
// @ts-expect-error no declaration file
import S3rver from 's3rver';
import type { AppConfig } from '../config.js';

interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  on(event: 'event', listener: (event: S3rverEvent) => void): void;
}

/** An s3rver notification: what happened to which key. */
interface S3rverEvent {
  Records: { eventName: string; s3: { object: { key: string } } }[];
}

export interface TestS3 {
  /** `objectStore` for the app's configuration (path-style, the server's endpoint). */
  config: NonNullable<AppConfig['objectStore']>;
  /** A client of its own, for looking into the bucket. */
  client: S3Client;
  /** Every object event so far, e.g. `ObjectCreated:Post artifacts/1.0.0/a.zip` (multipart). */
  events: string[];
  /** The keys in the bucket under `prefix`. */
  keys(prefix?: string): Promise<string[]>;
  /** The bytes of the object `key`. */
  bytes(key: string): Promise<Buffer>;
  /** Stops the server (idempotent); the bucket's folder stays until `close`. */
  stop(): Promise<void>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/** Starts s3rver with a new bucket `bucket`. */
export async function startS3(bucket = 'flockr-artifacts'): Promise<TestS3> {
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'flockr-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
  }) as S3rverServer;
  const events: string[] = [];
  server.on('event', (e) => {
    for (const r of e.Records) events.push(`${r.eventName} ${decodeURIComponent(r.s3.object.key)}`);
  });
  const { port } = await server.run();
  const config = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    publicEndpoint: undefined,
    region: 'us-east-1',
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    client.destroy();
    await server.close();
  };
  return {
    config,
    client,
    events,
    keys: async (prefix = '') => {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }),
      );
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    bytes: async (key) => {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await got.Body!.transformToByteArray());
    },
    stop,
    close: async () => {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
