import multipart from '@fastify/multipart';
import {
  MEMBER_UPLOAD_MAX_BYTES,
  memberEnvelope,
  ZBeneficiaryList,
  ZBeneficiarySave,
  ZBeneficiaryUpdate,
  ZMemberAddressList,
  ZMemberAddressSave,
  ZMemberAddressUpdate,
  ZMemberContactInput,
  ZMemberContactList,
  ZMemberContactUpdate,
  ZMemberDocumentList,
  ZMemberDocumentSave,
  ZMemberDocumentUpdate,
  ZRecordSaved,
  ZUploadedFile,
} from '@wings/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOk } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { LayerRoutes } from '../../platform/layers';
import type { LoyaltyContext } from './loyalty-context';
import type { MemberFiles, StoredPhoto } from './member-files';
import { memberOf, optionalMemberOf } from './member-session';
import { type RecordsMembers, RecordsService } from './records.service';

/** The calls that need a live member session: CAF9999 without one, before the body is read. */
const signedIn = { memberSession: 'required' } as const;

const tags = ['loyalty: records'];
const ZDone = z.null();
/** Any id in the path: one that is not one of the caller's records answers 404, never a validation error. */
const ZIdParams = z.object({ id: z.string().max(64) });
const ZFileParams = z.object({ fileId: z.string().max(64) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from a path, or 404 when it cannot be any record's. */
function recordId(id: string): string {
  if (!UUID.test(id)) throw new AppError('notFound');
  return id.toLowerCase();
}

/**
 * The body of common/uploadFile: the one part named `file`, read chunk by chunk and refused
 * (841, HTTP 413) as soon as it passes the limit, never held whole. Its file name and stated
 * type are ignored: what it is comes from its bytes.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('invalidRequest', { params: { detail: 'file: send multipart/form-data' } });
  const part = await request.file({ throwFileSizeLimit: false });
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('invalidRequest', { params: { detail: 'file: is required' } });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size > MEMBER_UPLOAD_MAX_BYTES) {
      part.file.destroy();
      throw new AppError('uploadTooLarge');
    }
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new AppError('uploadTooLarge');
  return Buffer.concat(chunks, size);
}

/** A photo's bytes, never cached, never sniffed into something else, shown in place. */
export function sendPhoto(reply: FastifyReply, photo: StoredPhoto) {
  return reply
    .type(photo.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(photo.bytes);
}

/**
 * The member's records and photos (issue 17) at the spec's paths under /api/fqt: uploads
 * (common/uploadFile, with or without a member session), a photo (common/file/{fileId}, its
 * member only), contacts, identities, addresses and beneficiaries (a member session each;
 * CAF9999 without).
 */
export function memberRecordsRoutes(
  ctx: LoyaltyContext,
  deps: { members: RecordsMembers; files: MemberFiles },
): LayerRoutes {
  const service = new RecordsService(ctx, deps);
  const { files } = deps;
  const routes: FastifyPluginAsyncZod = async (app) => {
    // Only here: the rest of the app takes JSON. One file, no other fields, one byte past the
    // limit so that a file of exactly the limit is told from a larger one.
    await app.register(multipart, {
      limits: { fileSize: MEMBER_UPLOAD_MAX_BYTES + 1, files: 1, fields: 0, parts: 1 },
    });

    app.post(
      '/common/uploadFile',
      {
        schema: {
          tags,
          summary: 'Upload a document photo (multipart, part `file`): JPEG, PNG or WebP, re-encoded',
          description:
            'With or without a member session (registering). Recognised by content, never by name: 840 not an image, 841 larger than 5 MB (HTTP 413), 842 markup, script or data after the image. Re-encoded upright, at most 2000 px a side, without metadata. 429 past 10 uploads in 10 minutes from one address or 30 a day for a member. A file no registration claims is removed after a day.',
          response: { 200: memberEnvelope(ZUploadedFile) },
        },
      },
      async (request) => {
        const caller = optionalMemberOf(request);
        return memberOk(
          await files.upload({
            memberId: caller?.memberId ?? null,
            ip: request.ip,
            read: () => readUpload(request),
          }),
        );
      },
    );

    app.get(
      '/common/file/:fileId',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "One of the member's photos (the image bytes)",
          description:
            "Signed in. Another member's photo, or one unknown, answers 404. Cache-Control: private, no-store.",
          params: ZFileParams,
        },
      },
      async (request, reply) => {
        const { memberId } = memberOf(request);
        return sendPhoto(reply, await files.readForMember(memberId, recordId(request.params.fileId)));
      },
    );

    // ---- contacts ----
    app.post(
      '/consumer/contact/queryUserContactInfos',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "The member's e-mails and phones, the main ones first",
          response: { 200: memberEnvelope(ZMemberContactList) },
        },
      },
      async (request) => memberOk(await service.contacts(memberOf(request).memberId)),
    );
    app.post(
      '/consumer/contact/saveUserContactInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Add an e-mail or a phone (never main)',
          description: '832 past 5 of a kind.',
          body: ZMemberContactInput,
          response: { 200: memberEnvelope(ZRecordSaved) },
        },
      },
      async (request) => memberOk(await service.saveContact(memberOf(request).memberId, request.body)),
    );
    app.post(
      '/consumer/contact/updateUserContactInfoById',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Change a contact; a new main e-mail or phone needs its `contact` code',
          description:
            '806 without or with a wrong code for the new main value; 809 / 810 another member has it; 404 not yours.',
          body: ZMemberContactUpdate,
          response: { 200: memberEnvelope(ZRecordSaved) },
        },
      },
      async (request) => memberOk(await service.updateContact(memberOf(request).memberId, request.body)),
    );
    app.post(
      '/consumer/contact/deleteUserContactInfoById/:id',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Delete a contact (not the main e-mail or phone: 830)',
          params: ZIdParams,
          response: { 200: memberEnvelope(ZDone) },
        },
      },
      async (request) =>
        memberOk(await service.deleteContact(memberOf(request).memberId, recordId(request.params.id))),
    );

    // ---- identities ----
    app.get(
      '/consumer/identity/queryIdentityLists',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "The member's identity documents (numbers masked but the last 4) with their audit",
          response: { 200: memberEnvelope(ZMemberDocumentList) },
        },
      },
      async (request) => memberOk(await service.documents(memberOf(request).memberId)),
    );
    app.post(
      '/consumer/identity/saveIdentityInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Add an identity document with its photos; ineffective until staff audit it',
          description:
            '820 the allowed set exists; 821 this type exists; 822 a photo is not yours (or gone); 823 a photo the type needs is missing; 811 another member holds this document.',
          body: ZMemberDocumentSave,
          response: { 200: memberEnvelope(ZRecordSaved) },
        },
      },
      async (request) => memberOk(await service.saveDocument(memberOf(request).memberId, request.body)),
    );
    app.post(
      '/consumer/identity/updateIdentityInfoById',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Change an identity document: back under audit',
          description:
            'The masked number as listed keeps the stored one. The registration document changes with updateRegisterInfo until approval (824).',
          body: ZMemberDocumentUpdate,
          response: { 200: memberEnvelope(ZRecordSaved) },
        },
      },
      async (request) => memberOk(await service.updateDocument(memberOf(request).memberId, request.body)),
    );
    app.post(
      '/consumer/identity/deleteIdentityInfoById/:id',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Delete an identity document (not the registration one, nor the only one: 824)',
          params: ZIdParams,
          response: { 200: memberEnvelope(ZDone) },
        },
      },
      async (request) =>
        memberOk(await service.deleteDocument(memberOf(request).memberId, recordId(request.params.id))),
    );

    // ---- addresses ----
    app.get(
      '/consumer/address/queryAddressLists',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "The member's addresses, the main one first",
          response: { 200: memberEnvelope(ZMemberAddressList) },
        },
      },
      async (request) => memberOk(await service.addresses(memberOf(request).memberId)),
    );
    app.post(
      '/consumer/address/saveAddressInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Add an address',
          description: '831 a main address exists (change_address_impor); 832 past 5.',
          body: ZMemberAddressSave,
          response: { 200: memberEnvelope(ZRecordSaved) },
        },
      },
      async (request) => memberOk(await service.saveAddress(memberOf(request).memberId, request.body)),
    );
    app.post(
      '/consumer/address/updateAddressInfoById',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Change an address',
          description: '830 the main one un-set; 831 a second main one.',
          body: ZMemberAddressUpdate,
          response: { 200: memberEnvelope(ZRecordSaved) },
        },
      },
      async (request) => memberOk(await service.updateAddress(memberOf(request).memberId, request.body)),
    );
    app.post(
      '/consumer/address/deleteAddressById/:id',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Delete an address (not the main one: 830 delete_address_impor)',
          params: ZIdParams,
          response: { 200: memberEnvelope(ZDone) },
        },
      },
      async (request) =>
        memberOk(await service.deleteAddress(memberOf(request).memberId, recordId(request.params.id))),
    );

    // ---- beneficiaries ----
    app.get(
      '/consumer/beneficiaries/queryBeneficiariesInfoLists',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "The member's beneficiaries with their audit (document numbers masked but the last 4)",
          response: { 200: memberEnvelope(ZBeneficiaryList) },
        },
      },
      async (request) => memberOk(await service.beneficiaries(memberOf(request).memberId)),
    );
    app.post(
      '/consumer/beneficiaries/saveBeneficiariesInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Name a beneficiary: ineffective until staff audit it',
          description:
            'At least one identification and a validity period; 823 a photo missing; 822 a photo not yours; 832 past 5.',
          body: ZBeneficiarySave,
          response: { 200: memberEnvelope(ZRecordSaved) },
        },
      },
      async (request) => memberOk(await service.saveBeneficiary(memberOf(request).memberId, request.body)),
    );
    app.post(
      '/consumer/beneficiaries/updateBeneficiariesInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Change a beneficiary: back under audit',
          body: ZBeneficiaryUpdate,
          response: { 200: memberEnvelope(ZRecordSaved) },
        },
      },
      async (request) => memberOk(await service.updateBeneficiary(memberOf(request).memberId, request.body)),
    );
    app.post(
      '/consumer/beneficiaries/deleteBeneficiariesInfo/:id',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Remove a beneficiary',
          params: ZIdParams,
          response: { 200: memberEnvelope(ZDone) },
        },
      },
      async (request) =>
        memberOk(await service.deleteBeneficiary(memberOf(request).memberId, recordId(request.params.id))),
    );
  };
  return routes;
}
