/**
 * Program files in an S3-compatible bucket (S3_BUCKET; docs/downloads.md, "Object storage").
 * The object keys are the paths the database keeps (`artifacts/{version}/{8 hex}-{filename}`), so
 * moving files from DATA_DIR (`npm run artifacts:migrate`) changes no row.
 *
 * - Uploads stream to `uploads/{uuid}.part` as a multipart upload (`@aws-sdk/lib-storage`
 *   `Upload`, at most UPLOAD_PART_BYTES × UPLOAD_QUEUE_SIZE bytes in memory, nothing on disk),
 *   hashed on the way; a failed upload is aborted, so no part or object stays. `place` then copies
 *   the object server-side to its key with its SHA-256 as metadata (`x-amz-meta-sha256`, known
 *   only once every byte went through) and deletes the temporary one.
 * - A download is a redirect to a presigned GET (SigV4 query authentication) valid
 *   PRESIGNED_URL_TTL_SECONDS, which names the file (`response-content-disposition`) and its type
 *   (`response-content-type`); the store answers Range itself (206).
 * - Credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY,
 *   a profile, an instance or task role).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../../config.js';
import { attachmentDisposition } from '../../lib/content-disposition.js';
import {
  artifactContentType,
  artifactKey,
  artifactSegments,
  uploadKey,
  fileHasher,
  type ArtifactStore,
  type FileDelivery,
  type FileDigests,
  type ReceivedFile,
} from './storage.js';

/**
 * How long a presigned download URL is valid, in seconds (5 minutes, like the app's own signed
 * links). The URL is only handed to the client that passed every check a moment ago; a short
 * lifetime keeps a leaked URL (browser history, a proxy's log) from serving the file for long.
 * A download that has started continues past it: S3 checks the signature when a request arrives,
 * and a resumed (Range) request after expiry goes back through the app's link. SigV4 allows up to
 * 604800 s (AWS S3 docs, "Sharing objects with presigned URLs").
 */
export const PRESIGNED_URL_TTL_SECONDS = 300;

/**
 * How long the S3 client waits, in milliseconds, for a TCP (and TLS) connection to the store, and
 * for any bytes on an open one, before it fails the request: a store that accepts connections
 * but never answers would otherwise hold a request for as long as the socket lives (the AWS SDK's
 * Node handler sets neither by default). The idle bound is per socket, so a long upload that
 * keeps sending is not cut.
 */
export const S3_TIMEOUTS = { connectionTimeout: 3_000, socketTimeout: 30_000 } as const;

/**
 * Longest wait for the HeadObject a download makes before its redirect, retries included, in
 * milliseconds: past it the download is answered 503 SERVICE_UNAVAILABLE with Retry-After, as when
 * the store refuses connections (docs/operations.md, "Object store unreachable").
 */
export const S3_HEAD_DEADLINE_MS = 5_000;

/**
 * Part size of a multipart upload, in bytes (8 MiB). S3 needs at least 5 MiB per part but the
 * last, and at most 10,000 parts (AWS S3 docs, "Amazon S3 multipart upload limits"): 8 MiB parts
 * carry up to 78 GiB, well above MAX_UPLOAD_BYTES (2 GiB).
 */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;

/** Parts of one upload sent at once; the memory an upload holds is at most this × the part size. */
export const UPLOAD_QUEUE_SIZE = 4;

/** The object store's settings (config.ts `objectStore`, from S3_* variables). */
export type ObjectStoreConfig = NonNullable<AppConfig['objectStore']>;

/** What the bucket holds at a key: its size in bytes and the SHA-256 we recorded, if any. */
export interface StoredObject {
  size: number;
  /** Hex SHA-256 from the object's `x-amz-meta-sha256`; undefined for one we did not write. */
  sha256: string | undefined;
}

/** True when `error` is the store's "no such key / bucket" (HTTP 404). */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 ||
      error.name === 'NotFound' ||
      error.name === 'NoSuchKey')
  );
}

/**
 * Streams `source` through SHA-1, SHA-256, SHA-512 and a byte count (storage.ts `fileHasher`);
 * `digest()` gives them once it has ended. Pure apart from reading `source`.
 */
function hashing(source: AsyncIterable<Buffer>) {
  const hasher = fileHasher();
  const body = Readable.from(
    (async function* () {
      for await (const chunk of source) {
        hasher.update(chunk);
        yield chunk;
      }
    })(),
  );
  return { body, digest: () => hasher.digest() };
}

/** The hex SHA-256 of the file at `absolutePath`, read as a stream. */
async function fileSha256(absolutePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(absolutePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The S3 store (see the file's comment). One client per app; `close()` ends its connections. */
export class S3ArtifactStore implements ArtifactStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  /** Signs download URLs: `client`, or one for S3_PUBLIC_ENDPOINT (it never sends a request). */
  private readonly presigner: S3Client;
  readonly bucket: string;

  /**
   * @param config the bucket, endpoint (unset: AWS), region and addressing style.
   * @param presignTtlSeconds lifetime of a download URL (tests pass a shorter one).
   */
  constructor(
    config: ObjectStoreConfig,
    private readonly presignTtlSeconds = PRESIGNED_URL_TTL_SECONDS,
  ) {
    this.bucket = config.bucket;
    const client = (endpoint: string | undefined) =>
      new S3Client({
        region: config.region,
        endpoint,
        forcePathStyle: config.forcePathStyle,
        requestHandler: S3_TIMEOUTS,
        // S3-compatible servers often refuse the SDK's default request checksums (CRC32 trailers
        // in aws-chunked bodies, SDK ≥ 3.729); send and check them only where the API requires.
        ...(endpoint && {
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }),
      });
    this.client = client(config.endpoint);
    // A presigned URL's host is part of its signature (SigV4), so it is signed for the address
    // browsers use; the store checks it against the Host header it receives.
    this.presigner = config.publicEndpoint ? client(config.publicEndpoint) : this.client;
  }

  /**
   * Streams `file` to `uploads/{uuid}.part` as a multipart upload (one PutObject below one part),
   * hashing on the way. On any error the upload is aborted (lib-storage's AbortMultipartUpload)
   * and a finished object is deleted, so nothing is left.
   * @throws the stream's or the store's error.
   */
  async receive(file: Readable): Promise<ReceivedFile> {
    const tempKey = uploadKey();
    return { tempKey, ...(await this.upload(tempKey, file, {})) };
  }

  /**
   * Streams `source` to `key` (multipart, UPLOAD_PART_BYTES parts), with `metadata` and the
   * content type of the key's extension; returns its size in bytes and digests (hex SHA-1 and
   * SHA-256, base64 SHA-512). On error the multipart upload is aborted and a completed object
   * deleted.
   * @throws the stream's or the store's error.
   */
  async upload(
    key: string,
    source: AsyncIterable<Buffer>,
    metadata: Record<string, string>,
  ): Promise<FileDigests & { size: number }> {
    const { body, digest } = hashing(source);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: artifactContentType(key),
        Metadata: metadata,
      },
      partSize: UPLOAD_PART_BYTES,
      queueSize: UPLOAD_QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      // A single-part file is one PutObject that may have landed before a later error.
      await this.remove(key).catch(() => {});
      throw error;
    }
    return digest();
  }

  /**
   * Copies a received object to `artifactKey(version, filename)` with its SHA-256 as metadata
   * (server-side CopyObject: up to 5 GB in one request, AWS S3 docs "CopyObject"; uploads are
   * at most 2 GiB), then deletes the temporary object. Returns the new key.
   * @throws the store's error (the temporary object is then still there for `remove`).
   */
  async place(received: ReceivedFile, version: string, filename: string): Promise<string> {
    const key = artifactKey(version, filename);
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: key,
        CopySource: `${this.bucket}/${encodeURIComponent(received.tempKey).replace(/%2F/g, '/')}`,
        MetadataDirective: 'REPLACE',
        ContentType: artifactContentType(key),
        Metadata: { sha256: received.sha256 },
      }),
    );
    await this.remove(received.tempKey);
    return key;
  }

  /** Deletes the object `key` (no error when it is absent: S3's DeleteObject is idempotent). */
  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * The object `key`'s bytes as a stream (one GetObject), or undefined when it is absent.
   * @throws the store's error other than 404.
   */
  async read(key: string): Promise<Readable | undefined> {
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return got.Body as Readable | undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /**
   * The object at `key`: its size in bytes and recorded SHA-256, or undefined when absent. Gives
   * up after S3_HEAD_DEADLINE_MS milliseconds, retries included.
   * @throws the store's error other than 404; a TimeoutError past the deadline.
   */
  async describe(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: key }),
        { abortSignal: AbortSignal.timeout(S3_HEAD_DEADLINE_MS) },
      );
      return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /**
   * A redirect to a presigned GET of `key` valid `presignTtlSeconds`, which makes the store answer
   * `Content-Disposition: attachment; filename={filename}` (lib/content-disposition.ts, as the
   * other deliveries) and the Content-Type of the key's extension; undefined when the object is
   * absent (one HeadObject). @throws Error for a key outside artifacts/; the store's error.
   */
  async deliveryOf(key: string, filename: string): Promise<FileDelivery | undefined> {
    artifactSegments(key);
    if (!(await this.describe(key))) return undefined;
    const url = await getSignedUrl(
      this.presigner,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(filename),
        ResponseContentType: artifactContentType(key),
      }),
      { expiresIn: this.presignTtlSeconds },
    );
    return { kind: 'redirect', url, expiresInSeconds: this.presignTtlSeconds };
  }

  /**
   * `GET /ready`'s check: HeadBucket answers within `timeoutMs` milliseconds (aborted after).
   * @throws when the bucket is unreachable, missing or forbidden.
   */
  readonly ping = async (timeoutMs: number): Promise<void> => {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(timeoutMs),
    });
  };

  /**
   * Copies the local file `absolutePath` to `key` with its SHA-256 as metadata, verifying on the
   * way that it has `expected.size` bytes and `expected.sha256` (when null, the file is read once
   * first to learn it); a mismatch deletes the object again. Returns the size and SHA-256 read.
   * @throws Error on a mismatch; the file system's or the store's error.
   */
  async putFile(
    key: string,
    absolutePath: string,
    expected: { size: number; sha256: string | null },
  ): Promise<{ size: number; sha256: string }> {
    const sha256 = expected.sha256 ?? (await fileSha256(absolutePath));
    const got = await this.upload(key, createReadStream(absolutePath), { sha256 });
    if (got.size !== expected.size || got.sha256 !== sha256) {
      await this.remove(key);
      throw new Error(
        `${absolutePath}: ${got.size} bytes, sha256 ${got.sha256}; expected ${expected.size} bytes, sha256 ${sha256}`,
      );
    }
    return got;
  }

  /** Ends the client's connections. */
  close(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }
}
