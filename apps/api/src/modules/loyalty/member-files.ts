import { randomUUID } from 'node:crypto';
import type { UploadedFile } from '@wings/contracts';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { clientNetwork, SlidingWindowLimiter } from '../../platform/rate-limit';
import { checkImage } from './image-check';
import type { LoyaltyContext } from './loyalty-context';
import { RecordsRepository } from './records.repository';

/**
 * The member's photos (issue 17, common/uploadFile): checked and re-encoded (image-check.ts),
 * kept in the platform's file store under a random key, their row in `member_files`. An upload
 * made while registering has no member until the registration claims it; one never claimed is
 * removed after a day (`sweep`). A photo is served only to its member, and to staff.
 */
export interface MemberFiles {
  /**
   * Keeps an upload: the caller's limits first (per address, per member), then `read` (which
   * reads the body within the size limit), the check and the store.
   */
  upload(input: { memberId: string | null; ip: string; read: () => Promise<Buffer> }): Promise<UploadedFile>;
  /** A photo of the member's (404 for any other: another member's, unclaimed, unknown). */
  readForMember(memberId: string, fileId: string): Promise<StoredPhoto>;
  /** A photo for staff (404 when there is none). */
  readForStaff(fileId: string): Promise<StoredPhoto>;
  /**
   * Makes uploads the member's in the caller's transaction: unclaimed ones younger than a day,
   * or ones already theirs. `memberDocumentAddFailed` (822) for any other id.
   */
  claim(tx: Tx, memberId: string, fileIds: readonly string[]): Promise<void>;
  /** Removes uploads unclaimed for a day, from the store and the table; answers how many. */
  sweep(): Promise<number>;
}

/** A photo as served: its bytes and type. */
export interface StoredPhoto {
  bytes: Buffer;
  contentType: string;
}

/** Uploads per client address in 10 minutes, and per member in a day. */
export const UPLOADS_PER_ADDRESS = 10;
export const UPLOADS_PER_ADDRESS_WINDOW_MS = 10 * 60_000;
export const UPLOADS_PER_MEMBER_DAY = 30;
/** An unclaimed upload lives this long. */
export const UNCLAIMED_FILE_TTL_MS = 86_400_000;

export function createMemberFiles(ctx: LoyaltyContext): MemberFiles {
  const { db, now, files: store, log } = ctx.platform;
  const repo = new RecordsRepository(db);
  const limiter = new SlidingWindowLimiter(db, now);

  const read = async (fileId: string, memberId: string | null): Promise<StoredPhoto> => {
    const row = await repo.findFile(fileId);
    // Another member's photo, or one no registration claimed, is as unknown as a missing one.
    if (!row || (memberId !== null && row.memberId !== memberId)) throw new AppError('notFound');
    const bytes = await store.get(row.storageKey);
    if (!bytes) throw new AppError('notFound');
    return { bytes, contentType: row.contentType };
  };

  return {
    async upload({ memberId, ip, read: readBody }) {
      const byAddress = await limiter.reserve(
        `member-upload:ip:${clientNetwork(ip)}`,
        UPLOADS_PER_ADDRESS,
        UPLOADS_PER_ADDRESS_WINDOW_MS,
      );
      if (!byAddress) throw new AppError('tooManyRequests');
      if (memberId) {
        const byMember = await limiter.reserve(
          `member-upload:member:${memberId}`,
          UPLOADS_PER_MEMBER_DAY,
          86_400_000,
        );
        if (!byMember) throw new AppError('tooManyRequests');
      }
      const image = await checkImage(await readBody());
      const storageKey = `member-photos/${randomUUID()}`;
      await store.put(storageKey, image.bytes, image.contentType);
      try {
        const fileId = await repo.insertFile({
          memberId,
          storageKey,
          contentType: image.contentType,
          size: image.size,
          width: image.width,
          height: image.height,
          sha256: image.sha256,
          uploaderIp: ip,
          createdAt: now(),
        });
        return {
          fileId,
          contentType: image.contentType,
          size: image.size,
          width: image.width,
          height: image.height,
        };
      } catch (err) {
        await store.delete(storageKey).catch(() => undefined);
        throw err;
      }
    },

    readForMember: (memberId, fileId) => read(fileId, memberId),
    readForStaff: (fileId) => read(fileId, null),

    async claim(tx, memberId, fileIds) {
      const wanted = [...new Set(fileIds)];
      const claimed = await repo.claimFiles(tx, memberId, wanted, now());
      if (claimed.length !== wanted.length) throw new AppError('memberDocumentAddFailed');
    },

    async sweep() {
      const before = new Date(now().getTime() - UNCLAIMED_FILE_TTL_MS);
      let removed = 0;
      for (;;) {
        const batch = await repo.unclaimedBefore(before, 200);
        if (batch.length === 0) break;
        // The row goes first: a registration cannot claim a file whose bytes are being removed.
        const gone = new Set(await repo.deleteUnclaimed(batch.map((f) => f.id)));
        for (const file of batch.filter((f) => gone.has(f.id))) {
          await store.delete(file.storageKey).catch((err: unknown) => {
            log.warn({ err, key: file.storageKey }, 'could not remove an unclaimed member photo');
          });
        }
        removed += gone.size;
        if (batch.length < 200) break;
      }
      return removed;
    },
  };
}
