import type {
  LanguageTag,
  MemberBaseInfo,
  MemberCodeChannel,
  MemberCodePurpose,
  MemberHome,
  MemberRegisterInfo,
  MemberRegistrationFields,
  MemberSession,
  MemberStatus,
  MemberSummary,
  ZMemberChangePasswordRequest,
  ZMemberGetTokenRequest,
  ZMemberLoginRequest,
  ZMemberRegisterRequest,
  ZMemberResetPasswordRequest,
  ZMemberSettingsRequest,
} from '@wings/contracts';
import {
  checkAddress,
  checkEmail,
  checkMemberAge,
  checkMemberDocument,
  checkMemberPassword,
  checkMemberPasswordPair,
  checkMiddleName,
  checkName,
  checkPhone,
  checkTitleGender,
  isMemberCardNo,
  localDate,
  MEMBER_REJECTIONS_TO_BLOCK,
  normalizeAccount,
  type RuleIssue,
} from '@wings/rules';
import type { z } from 'zod';
import { AppError, invalid } from '../../platform/errors';
import { customerServiceNow } from '../../platform/mail/layout';
import { emailCodeMail } from '../../platform/mail/templates';
import { matchOneTimeCode, newSixDigitCode } from '../../platform/one-time-codes';
import { hashPassword, newToken, sha256, verifyPassword } from '../../platform/passwords';
import { SlidingWindowLimiter } from '../../platform/rate-limit';
import { uniqueViolation } from '../../platform/unique-violation';
import type { LoyaltyContext } from './loyalty-context';
import {
  codeDestination,
  countryDigits,
  hashMemberCode,
  MAIL_PURPOSE,
  MEMBER_LIMITS,
  memberCodeSms,
  memberThrottleKey,
  phoneDestination,
} from './member-codes';
import type { MemberFiles } from './member-files';
import type { MemberCaller } from './member-session';
import { MembersRepository, type RegistrationRecords, type StoredMember } from './members.repository';

type GetTokenInput = z.infer<typeof ZMemberGetTokenRequest>;
type LoginInput = z.infer<typeof ZMemberLoginRequest>;
type RegisterInput = z.infer<typeof ZMemberRegisterRequest>;
type ResetPasswordInput = z.infer<typeof ZMemberResetPasswordRequest>;
type ChangePasswordInput = z.infer<typeof ZMemberChangePasswordRequest>;
type SettingsInput = z.infer<typeof ZMemberSettingsRequest>;

/** Where a request comes from; kept with sessions and used by the per-IP limits. */
export interface MemberClientMeta {
  ip?: string | null;
  userAgent?: string | null;
}

/** What a code is checked against: its channel, destination and purpose. */
export interface MemberCodeCheck {
  channel: MemberCodeChannel;
  email?: string;
  countryCode?: string;
  phone?: string;
  purpose: MemberCodePurpose;
  code: string;
}

/** The member a booking's passenger may fly as (an approved member joined to the app account). */
export interface BookingCard {
  cardNo: string;
  surname: string;
  givenName: string;
  middleName: string | null;
  birthday: string;
}

const DAY_MS = 24 * 60 * 60_000;
const LANGUAGE_TAGS: readonly LanguageTag[] = ['zh', 'en', 'km'];

function throwIfAny(issues: RuleIssue[]): void {
  if (issues.length === 0) return;
  // A document short of its photos alone is the catalogue's own refusal (823), fields named.
  if (issues.every((i) => i.key === 'member.document_photo_missing')) {
    throw new AppError('memberDocumentPhotoMissing', { fields: issues });
  }
  throw invalid(issues);
}

/** The language tag of a stored contact language (zh 0, en 1, km 2). */
function languageTag(code: number): LanguageTag {
  return LANGUAGE_TAGS[code] ?? 'en';
}

/**
 * The member core (issue 17; booking-and-account §3, §4, §7 `/fqt`; after-sales §4, §5, §8):
 * verification codes by e-mail and SMS, member sign-in with lockout, sessions, registration and
 * its resubmission, the home, profile, settings and passwords. Records (contacts, identities,
 * addresses, beneficiaries) and photos live in records.routes.ts and member-files.ts; booking
 * reads a member's card number here.
 */
/** A member's level code: silver 0, gold 1, platinum 2. */
export type MemberLevelCode = MemberSummary['level'];

/** The mileage figures of a member home (modules/mileage). */
export type MileageReader = (memberId: string) => Promise<NonNullable<MemberHome['mileage']>>;

/** A member as the mileage programme reads one. */
export interface MileageMember {
  id: string;
  cardNo: string | null;
  status: MemberStatus;
  level: MemberLevelCode;
  surname: string;
  givenName: string;
  middleName: string | null;
  birthday: string;
  contactLanguage: MemberSummary['contactLanguage'];
}

export class MembersService {
  private readonly repo: MembersRepository;
  private readonly limiter: SlidingWindowLimiter;
  private readonly now: () => Date;
  private readonly sessionTtlMs: number;
  private mileage: MileageReader | null = null;

  constructor(
    private readonly ctx: LoyaltyContext,
    private readonly files: MemberFiles,
  ) {
    this.repo = new MembersRepository(ctx.platform.db);
    this.limiter = new SlidingWindowLimiter(ctx.platform.db, ctx.platform.now);
    this.now = ctx.platform.now;
    this.sessionTtlMs = ctx.config.sessionTtlDays * DAY_MS;
  }

  /** Today in the hub's zone (member rules: age, validity periods). */
  private today(): string {
    return localDate(this.now(), this.ctx.hubZone);
  }

  // Codes

  /**
   * POST consumer/getToken: a 6-digit code by e-mail or SMS. One per destination a minute (807),
   * 10 per IP in 10 minutes (429, refused ones give their hit back). A `login` or `reset` code to
   * a destination no member has is answered like a sent one and stored unusable; a `register`
   * code to a member's main e-mail or phone is refused (809, 810); a `contact` code needs a member.
   */
  async sendCode(
    input: GetTokenInput,
    lang: LanguageTag,
    ip: string | null,
    caller: MemberCaller | null,
  ): Promise<{ resendAfterSeconds: number; validMinutes: number }> {
    const { channel, purpose } = input;
    const countryCode = countryDigits(input.countryCode);
    const phone = input.phone?.trim() ?? '';
    throwIfAny(
      channel === 'email'
        ? checkEmail(input.email, 'email')
        : checkPhone(countryCode, phone, { required: true }),
    );
    if (purpose === 'contact' && !caller) throw new AppError('loginExpired');
    const destination = codeDestination(input);
    const now = this.now();
    const ipKey = ip ? memberThrottleKey.codeIp(ip) : null;
    const ipHit = ipKey
      ? await this.limiter.reserve(ipKey, MEMBER_LIMITS.codeIpMax, MEMBER_LIMITS.codeIpWindowMs)
      : null;
    if (ipKey && !ipHit) throw new AppError('tooManyRequests');
    const sending = await this.repo
      .transaction(async (repo) => {
        await repo.lockKey(destination);
        const last = await repo.lastCodeSentAt(destination);
        if (last && now.getTime() - last.getTime() < MEMBER_LIMITS.codeResendMs) {
          throw new AppError('memberCodeTooSoon');
        }
        const holder =
          channel === 'email'
            ? await repo.findByMainEmail(destination)
            : await repo.findByMainPhone(countryCode, phone).then((found) => found[0] ?? null);
        if ((purpose === 'register' || purpose === 'contact') && holder && holder.id !== caller?.memberId) {
          throw new AppError(channel === 'email' ? 'memberEmailExist' : 'memberPhoneExist');
        }
        const deliver = purpose === 'register' || purpose === 'contact' || holder !== null;
        const code = newSixDigitCode();
        const codeHash = deliver
          ? hashMemberCode(this.ctx.platform.keys.emailCode.current, channel, destination, purpose, code)
          : sha256(`unusable:${newToken()}`);
        await repo.insertCode(
          {
            channel,
            destination,
            purpose,
            codeHash,
            expiresAt: new Date(now.getTime() + MEMBER_LIMITS.codeTtlMinutes * 60_000),
            ip,
          },
          now,
        );
        return deliver ? { code, lang: holder ? languageTag(holder.contactLanguage) : lang } : null;
      })
      .catch(async (err: unknown) => {
        if (ipKey && ipHit) await this.limiter.giveBack(ipKey, ipHit);
        throw err;
      });
    if (sending) {
      try {
        if (channel === 'email') {
          await this.ctx.platform.mailer.send(
            emailCodeMail({
              to: destination,
              code: sending.code,
              purpose: MAIL_PURPOSE[purpose],
              lang: sending.lang,
              validMinutes: MEMBER_LIMITS.codeTtlMinutes,
            }),
          );
        } else {
          await this.ctx.platform.sms.send({
            to: `+${countryCode}${phone}`,
            text: memberCodeSms(sending.lang, purpose, sending.code, MEMBER_LIMITS.codeTtlMinutes),
          });
        }
      } catch (err) {
        throw new AppError('memberCodeSendFailed', { cause: err });
      }
    }
    return {
      resendAfterSeconds: MEMBER_LIMITS.codeResendMs / 1000,
      validMinutes: MEMBER_LIMITS.codeTtlMinutes,
    };
  }

  /** Uses up a code; throws memberCodeInvalid (806) when it is wrong, expired, used or out of tries. */
  async consumeCode(input: MemberCodeCheck): Promise<void> {
    await this.matchCode(input.channel, codeDestination(input), input.purpose, input.code, true);
  }

  /** Compares a code with the newest live one of the destination and purpose; returns its id. */
  private async matchCode(
    channel: MemberCodeChannel,
    destination: string,
    purpose: MemberCodePurpose,
    code: string,
    consume: boolean,
  ): Promise<string> {
    const now = this.now();
    const max = MEMBER_LIMITS.codeMaxAttempts;
    return matchOneTimeCode(
      this.repo,
      await this.repo.latestLiveCode(channel, destination, purpose, now, max),
      {
        now,
        maxAttempts: max,
        keys: this.ctx.platform.keys.emailCode.accepted,
        digestOf: (key) => hashMemberCode(key, channel, destination, purpose, code.trim()),
        consume,
        invalid: 'memberCodeInvalid',
      },
    );
  }

  // Sign-in and sessions

  /**
   * POST consumer/login: the account is a card number, the main e-mail or the main phone; the
   * member password or a login code. Failures for one account in 15 minutes lock it after 10
   * (801), failures from one IP are limited (429); both counts are taken before the slow check.
   * An unknown account is answered like a wrong password (800). Only someone holding the right
   * password or code learns that the member is blocked (802 after repeated rejection, 805 by staff).
   */
  async login(input: LoginInput, meta: MemberClientMeta): Promise<MemberSession> {
    const raw = input.account.trim();
    const ip = meta.ip ?? null;
    const now = this.now();
    let key: string;
    let member: StoredMember | null;
    let typed: 'card' | 'email' | 'phone';
    if (isMemberCardNo(raw)) {
      typed = 'card';
      key = `card:${raw}`;
      member = await this.repo.findByCardNo(raw);
    } else {
      const account = normalizeAccount(raw);
      if (account.kind === 'email') {
        typed = 'email';
        key = `email:${account.email}`;
        member = await this.repo.findByMainEmail(account.email);
      } else {
        typed = 'phone';
        key = `phone:${account.countryCode ?? ''}:${account.phone}`;
        const found = account.phone
          ? await this.repo.findByMainPhone(account.countryCode, account.phone)
          : [];
        // A bare number two members share (in two countries) is ambiguous: the country code is needed.
        member = found.length === 1 ? found[0]! : null;
      }
    }
    const ipKey = ip ? memberThrottleKey.loginIp(ip) : null;
    const ipHit = ipKey
      ? await this.limiter.reserve(ipKey, MEMBER_LIMITS.loginIpMax, MEMBER_LIMITS.loginWindowMs)
      : null;
    if (ipKey && !ipHit) throw new AppError('tooManyRequests');
    const accountKey = memberThrottleKey.loginAccount(key);
    const counted = await this.limiter.hit(
      accountKey,
      MEMBER_LIMITS.loginWindowMs,
      MEMBER_LIMITS.loginLockAfter + 1,
    );
    const failures = counted.hits - 1;
    if (failures >= MEMBER_LIMITS.loginLockAfter || (member?.lockedUntil && member.lockedUntil > now)) {
      throw new AppError('memberLoginLimit');
    }

    const right =
      input.password !== undefined
        ? await verifyPassword(member?.passwordHash ?? null, input.password)
        : member !== null &&
          input.code !== undefined &&
          (await this.loginCodeMatches(member, typed, raw, input.code));
    if (!member || !right) {
      if (member && failures + 1 >= MEMBER_LIMITS.loginLockAfter) {
        await this.repo.updateMember(
          member.id,
          { lockedUntil: new Date(now.getTime() + MEMBER_LIMITS.loginLockMs) },
          now,
        );
      }
      throw new AppError('memberIncorrectLogin');
    }
    if (member.status === 'blocked') {
      const phone = customerServiceNow().phone ?? '-';
      const byRejections =
        member.statusBeforeBlock === null && member.rejections >= MEMBER_REJECTIONS_TO_BLOCK;
      throw new AppError(byRejections ? 'memberRepeatedRejection' : 'memberBlocked', { params: { phone } });
    }
    // A success clears the account's count and does not count against the IP.
    await this.limiter.clear(accountKey);
    if (ipKey && ipHit) await this.limiter.giveBack(ipKey, ipHit);
    const firstLogin = await this.repo.markFirstLogin(member.id, now);
    return this.openSession(member.id, meta, firstLogin);
  }

  /**
   * Whether a login code is right: one sent to what was typed (the main e-mail or phone), or,
   * for a card number, to the member's main e-mail or main phone. A right code is used up.
   */
  private async loginCodeMatches(
    member: StoredMember,
    typed: 'card' | 'email' | 'phone',
    raw: string,
    code: string,
  ): Promise<boolean> {
    const main = await this.repo.mainContacts(member.id);
    const destinations: { channel: MemberCodeChannel; destination: string }[] = [];
    if (typed !== 'phone' && main.email) {
      destinations.push({
        channel: 'email',
        destination: typed === 'email' ? raw.toLowerCase() : main.email,
      });
    }
    if (typed !== 'email' && main.countryCode && main.phone) {
      destinations.push({ channel: 'sms', destination: phoneDestination(main.countryCode, main.phone) });
    }
    for (const { channel, destination } of destinations) {
      try {
        await this.matchCode(channel, destination, 'login', code, true);
        return true;
      } catch (err) {
        if (!(err instanceof AppError && err.errorName === 'memberCodeInvalid')) throw err;
      }
    }
    return false;
  }

  /** Starts a member session: the token is returned once, only its hash is kept. */
  private async openSession(
    memberId: string,
    meta: MemberClientMeta,
    firstLogin: boolean,
  ): Promise<MemberSession> {
    const token = newToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.sessionTtlMs);
    await this.repo.insertSession(
      {
        memberId,
        tokenHash: sha256(token),
        expiresAt,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      },
      now,
    );
    return {
      vipToken: token,
      expiresAt: expiresAt.toISOString(),
      member: this.summaryOf(await this.requireMember(memberId)),
      firstLogin,
    };
  }

  /** The live session of a `vipToken`, sliding its expiry (at most once a minute); null for a blocked member. */
  async resolveSession(token: string): Promise<MemberCaller | null> {
    if (token.length < 16 || token.length > 128) return null;
    const now = this.now();
    const session = await this.repo.findLiveSession(sha256(token), now);
    if (!session) return null;
    if (now.getTime() - session.lastUsedAt.getTime() >= MEMBER_LIMITS.sessionTouchMs) {
      await this.repo.touchSession(
        session.id,
        now,
        new Date(now.getTime() + this.sessionTtlMs),
        MEMBER_LIMITS.sessionTouchMs,
      );
    }
    return { memberId: session.memberId, sessionId: session.id, status: session.status as MemberStatus };
  }

  /** GET consumer/userLogout: ends the session of this token; nothing happens for an unknown one. */
  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.repo.revokeSessionByHash(sha256(token), this.now());
  }

  /** Ends every session of a member (blocked, password reset). */
  async revokeSessions(memberId: string): Promise<void> {
    await this.repo.revokeMemberSessions(memberId, this.now());
  }

  // Registration

  /** The rules of a registration's fields (register and updateRegisterInfo). */
  private registrationIssues(input: MemberRegistrationFields): RuleIssue[] {
    const today = this.today();
    const issues = [
      ...checkName(input.surname, input.givenName),
      ...checkMiddleName(input.middleName ?? null),
      ...checkTitleGender(input.title, input.gender),
      ...checkMemberAge(input.birthday, today),
      ...checkMemberDocument(input.document, today, 'document.'),
      ...checkPhone(input.countryCode, input.phone, { required: true }),
      ...checkEmail(input.email, 'email'),
      ...checkAddress(input.address, 'address.'),
    ];
    if (!/^[A-Z]{2}$/.test(input.nationality))
      issues.push({ field: 'nationality', key: 'person.nationality_required' });
    return issues;
  }

  private registrationRecords(input: MemberRegistrationFields): RegistrationRecords {
    return {
      email: input.email,
      countryCode: countryDigits(input.countryCode),
      phone: input.phone.trim(),
      address: { ...input.address },
      document: {
        documentType: input.document.documentType,
        documentNo: input.document.documentNo,
        validFrom: input.document.validFrom,
        validTo: input.document.validTo,
        frontFileId: input.document.frontPhotoId,
        backFileId: input.document.documentType === 0 ? input.document.backPhotoId : null,
      },
    };
  }

  private memberFields(input: MemberRegistrationFields) {
    return {
      surname: input.surname.toUpperCase(),
      givenName: input.givenName.toUpperCase(),
      middleName: input.middleName ? input.middleName.toUpperCase() : null,
      title: input.title,
      gender: input.gender,
      birthday: input.birthday,
      nationality: input.nationality,
      contactLanguage: input.contactLanguage,
    };
  }

  private photoIds(input: MemberRegistrationFields): string[] {
    const { frontPhotoId, backPhotoId, documentType } = input.document;
    return [frontPhotoId, documentType === 0 ? backPhotoId : null].filter((id): id is string => !!id);
  }

  /** Refuses a main e-mail, main phone or document another member has (809, 810, 811). */
  private async refuseTaken(input: MemberRegistrationFields, exceptMemberId?: string): Promise<void> {
    if (await this.repo.mainEmailTaken(input.email, exceptMemberId)) throw new AppError('memberEmailExist');
    if (
      await this.repo.mainPhoneTaken(countryDigits(input.countryCode), input.phone.trim(), exceptMemberId)
    ) {
      throw new AppError('memberPhoneExist');
    }
    if (
      await this.repo.documentTaken(input.document.documentType, input.document.documentNo, exceptMemberId)
    ) {
      throw new AppError('memberDocumentExist');
    }
  }

  /**
   * POST consumer/register: a register code sent to the main e-mail, the member password, an
   * adult with a document and its photos (claimed from the uploads), main e-mail, phone and
   * address. The member waits for audit but is signed in at once. With the app account's
   * session (`token` header), the member joins that account (813 when it has one already).
   */
  async register(
    input: RegisterInput,
    meta: MemberClientMeta,
    appSessionToken: string | undefined,
  ): Promise<MemberSession> {
    const issues = [
      ...this.registrationIssues(input),
      ...checkMemberPassword(input.password, 'password'),
      ...checkMemberPasswordPair(input.password, input.confirmPassword, 'confirmPassword'),
    ];
    if (!input.agree) issues.push({ field: 'agree', key: 'account.agree_required' });
    throwIfAny(issues);

    const appSession = appSessionToken ? await this.ctx.accounts.resolveSession(appSessionToken) : null;
    const userId = appSession?.userId ?? null;
    if (userId && (await this.repo.findByUserId(userId))) throw new AppError('memberAlreadyJoined');
    await this.refuseTaken(input);
    const passwordHash = await hashPassword(input.password);
    const codeId = await this.matchCode('email', input.email, 'register', input.code, false);
    const now = this.now();
    const memberId = await this.repo
      .transaction(async (repo, tx) => {
        if (!(await repo.consumeCode(codeId, now))) throw new AppError('memberCodeInvalid');
        const id = await repo.insertMember(
          {
            ...this.memberFields(input),
            userId,
            status: 'auditing',
            level: 0,
            passwordHash,
            submittedAt: now,
            firstLoginAt: now,
          },
          now,
        );
        await repo.insertRegistrationRecords(id, this.registrationRecords(input), now);
        await this.files.claim(tx, id, this.photoIds(input));
        await repo.insertEvent(id, 'registered', now, { data: { joinedAccount: userId !== null } });
        return id;
      })
      .catch((err: unknown) => {
        throw this.takenError(err);
      });
    return this.openSession(memberId, meta, true);
  }

  /** A unique violation of a registration as the catalogue's refusal; anything else unchanged. */
  private takenError(err: unknown): unknown {
    const constraint = uniqueViolation(err);
    if (constraint === null) return err;
    if (constraint.includes('user_id')) return new AppError('memberAlreadyJoined');
    if (constraint.includes('phone')) return new AppError('memberPhoneExist');
    if (constraint.includes('document')) return new AppError('memberDocumentExist');
    return new AppError('memberEmailExist');
  }

  /** POST consumer/user/queryRegisterInfo: what was submitted, and where its audit stands. */
  async registerInfo(memberId: string): Promise<MemberRegisterInfo> {
    const member = await this.requireMember(memberId);
    const [main, address, document] = await Promise.all([
      this.repo.mainContacts(memberId),
      this.repo.mainAddress(memberId),
      this.repo.registrationDocument(memberId),
    ]);
    if (!document) throw new AppError('resourceNotFound');
    return {
      surname: member.surname,
      givenName: member.givenName,
      middleName: member.middleName,
      title: member.title as MemberRegisterInfo['title'],
      gender: member.gender as MemberRegisterInfo['gender'],
      birthday: member.birthday,
      nationality: member.nationality,
      document: {
        documentType: document.documentType as 0 | 1,
        documentNo: document.documentNo,
        validFrom: document.validFrom,
        validTo: document.validTo,
        frontPhotoId: document.frontFileId,
        backPhotoId: document.backFileId,
      },
      countryCode: main.countryCode ?? '',
      phone: main.phone ?? '',
      email: main.email ?? '',
      address: {
        country: address?.country ?? '',
        province: address?.province ?? '',
        city: address?.city ?? '',
        postcode: address?.postcode ?? '',
        detail: address?.detail ?? '',
      },
      contactLanguage: member.contactLanguage as MemberRegisterInfo['contactLanguage'],
      status: member.status as MemberStatus,
      rejectReason: member.rejectReason,
      rejections: member.rejections,
      rejectionsToBlock: MEMBER_REJECTIONS_TO_BLOCK,
      submittedAt: member.submittedAt.toISOString(),
      documentId: document.id,
    };
  }

  /**
   * POST consumer/user/updateRegisterInfo: a rejected registration, fixed, goes back under audit.
   * 803 while staff are auditing it (or once approved: the registration is closed).
   */
  async updateRegisterInfo(
    caller: MemberCaller,
    input: MemberRegistrationFields,
  ): Promise<MemberRegisterInfo> {
    throwIfAny(this.registrationIssues(input));
    const member = await this.requireMember(caller.memberId);
    if (member.status !== 'rejected') {
      throw new AppError('memberAuditInProgress', { data: { status: member.status } });
    }
    await this.refuseTaken(input, member.id);
    const now = this.now();
    await this.repo
      .transaction(async (repo, tx) => {
        await repo.updateMember(
          member.id,
          { ...this.memberFields(input), status: 'auditing', rejectReason: null, submittedAt: now },
          now,
        );
        await repo.updateRegistrationRecords(member.id, this.registrationRecords(input), now);
        await this.files.claim(tx, member.id, this.photoIds(input));
        await repo.insertEvent(member.id, 'resubmitted', now);
      })
      .catch((err: unknown) => {
        throw this.takenError(err);
      });
    return this.registerInfo(member.id);
  }

  // The member

  /**
   * POST consumer/home/queryUserInfo: the member home and its card, with the mileage figures of
   * the mileage module (issue 18) once the member is approved; null before, or without that module.
   */
  async home(memberId: string): Promise<MemberHome> {
    const member = await this.requireMember(memberId);
    const approved = member.status === 'approved' && member.cardNo !== null;
    return {
      member: this.summaryOf(member),
      mileage: approved && this.mileage ? await this.mileage(memberId) : null,
      memberSince: member.approvedAt?.toISOString() ?? null,
    };
  }

  // For the mileage programme (modules/mileage, issue 18)

  /**
   * The mileage module gives the member home its figures here (it depends on loyalty, so loyalty
   * cannot ask it directly).
   */
  useMileage(reader: MileageReader): void {
    this.mileage = reader;
  }

  /** A member as the mileage programme needs one (accrual, claims, e-mails), or null. */
  async mileageMember(memberId: string): Promise<MileageMember | null> {
    const member = await this.repo.findById(memberId);
    return member ? this.mileageMemberOf(member) : null;
  }

  /** The member holding this card number, or null. */
  async mileageMemberByCard(cardNo: string): Promise<MileageMember | null> {
    const member = await this.repo.findByCardNo(cardNo);
    return member ? this.mileageMemberOf(member) : null;
  }

  /** Sets a member's tier (the mileage module's review); written to the member's history when it moves. */
  async setLevel(memberId: string, level: MemberLevelCode): Promise<void> {
    const member = await this.repo.findById(memberId);
    if (!member || member.level === level) return;
    const now = this.now();
    await this.repo.updateMember(memberId, { level }, now);
    await this.repo.insertEvent(memberId, 'level_changed', now, { data: { from: member.level, to: level } });
  }

  /** The member's main e-mail (the programme's mail goes there), or null. */
  async mainEmail(memberId: string): Promise<string | null> {
    return (await this.repo.mainContacts(memberId)).email ?? null;
  }

  private mileageMemberOf(m: StoredMember): MileageMember {
    return {
      id: m.id,
      cardNo: m.cardNo,
      status: m.status as MemberStatus,
      level: m.level as MemberLevelCode,
      surname: m.surname,
      givenName: m.givenName,
      middleName: m.middleName,
      birthday: m.birthday,
      contactLanguage: m.contactLanguage as MileageMember['contactLanguage'],
    };
  }

  /** GET consumer/user/queryUserBaseInfo: the profile and settings. */
  async baseInfo(memberId: string): Promise<MemberBaseInfo> {
    const member = await this.requireMember(memberId);
    const main = await this.repo.mainContacts(memberId);
    return {
      ...identityOf(member),
      gender: member.gender as MemberBaseInfo['gender'],
      birthday: member.birthday,
      nationality: member.nationality,
      primaryEmail: main.email ?? '',
      primaryCountryCode: main.countryCode ?? '',
      primaryPhone: main.phone ?? '',
      promoMail: member.promoMail,
      promoSms: member.promoSms,
      linkedUserId: member.userId,
    };
  }

  /** GET consumer/user/queryUserInfoById/{id}: only the caller's own id; any other is not found. */
  async baseInfoById(caller: MemberCaller, id: string): Promise<MemberBaseInfo> {
    if (id !== caller.memberId) throw new AppError('resourceNotFound');
    return this.baseInfo(caller.memberId);
  }

  /** POST consumer/user/updateUserSettings: contact language, promotional mail and SMS. */
  async updateSettings(memberId: string, input: SettingsInput): Promise<MemberBaseInfo> {
    await this.repo.updateMember(
      memberId,
      { contactLanguage: input.contactLanguage, promoMail: input.promoMail, promoSms: input.promoSms },
      this.now(),
    );
    return this.baseInfo(memberId);
  }

  // Passwords

  /** POST consumer/user/updateUserPassword: the old password must be right (812); other sessions end. */
  async changePassword(caller: MemberCaller, input: ChangePasswordInput): Promise<void> {
    throwIfAny([
      ...checkMemberPassword(input.password, 'password'),
      ...checkMemberPasswordPair(input.password, input.confirmPassword, 'confirmPassword'),
    ]);
    const member = await this.requireMember(caller.memberId);
    if (!(await verifyPassword(member.passwordHash, input.oldPassword)))
      throw new AppError('memberOldPasswordWrong');
    if (input.password === input.oldPassword)
      throw invalid([{ field: 'password', key: 'account.password_same' }]);
    const passwordHash = await hashPassword(input.password);
    const now = this.now();
    await this.repo.transaction(async (repo) => {
      await repo.updateMember(member.id, { passwordHash }, now);
      await repo.revokeMemberSessions(member.id, now, caller.sessionId);
      await repo.insertEvent(member.id, 'password_changed', now);
    });
  }

  /** POST consumer/resetPwd: a reset code proves the main e-mail or phone; every session ends. */
  async resetPassword(input: ResetPasswordInput): Promise<void> {
    const countryCode = countryDigits(input.countryCode);
    const phone = input.phone?.trim() ?? '';
    throwIfAny([
      ...(input.channel === 'email'
        ? checkEmail(input.email, 'email')
        : checkPhone(countryCode, phone, { required: true })),
      ...checkMemberPassword(input.password, 'password'),
      ...checkMemberPasswordPair(input.password, input.confirmPassword, 'confirmPassword'),
    ]);
    const passwordHash = await hashPassword(input.password);
    const destination = codeDestination(input);
    const codeId = await this.matchCode(input.channel, destination, 'reset', input.code, false);
    const now = this.now();
    await this.repo.transaction(async (repo) => {
      if (!(await repo.consumeCode(codeId, now))) throw new AppError('memberCodeInvalid');
      const member =
        input.channel === 'email'
          ? await repo.findByMainEmail(destination)
          : await repo.findByMainPhone(countryCode, phone).then((found) => found[0] ?? null);
      if (!member) throw new AppError('memberCodeInvalid');
      await repo.updateMember(member.id, { passwordHash, lockedUntil: null }, now);
      await repo.revokeMemberSessions(member.id, now);
      await repo.insertEvent(member.id, 'password_reset', now);
    });
  }

  // For booking

  /** The card a booking of this app account carries: only an approved member joined to it. */
  async cardForBooking(userId: string): Promise<BookingCard | null> {
    const member = await this.repo.findByUserId(userId);
    if (member?.status !== 'approved' || !member.cardNo) return null;
    return {
      cardNo: member.cardNo,
      surname: member.surname,
      givenName: member.givenName,
      middleName: member.middleName,
      birthday: member.birthday,
    };
  }

  /** The member as the app keeps it (vip_user_info). */
  async summary(memberId: string): Promise<MemberSummary> {
    return this.summaryOf(await this.requireMember(memberId));
  }

  /** Removes codes and ended sessions older than a day (the loyalty jobs call it now and then). */
  async purgeOld(): Promise<void> {
    await this.repo.purgeOld(new Date(this.now().getTime() - DAY_MS));
  }

  private async requireMember(memberId: string): Promise<StoredMember> {
    const member = await this.repo.findById(memberId);
    if (!member) throw new AppError('loginExpired');
    return member;
  }

  private summaryOf(m: StoredMember): MemberSummary {
    return {
      ...identityOf(m),
      rejectReason: m.rejectReason,
      rejections: m.rejections,
      rejectionsToBlock: MEMBER_REJECTIONS_TO_BLOCK,
    };
  }
}

/** What every reply about a member starts with: who they are, their card and standing, their language. */
function identityOf(m: StoredMember) {
  return {
    id: m.id,
    cardNo: m.cardNo,
    status: m.status as MemberStatus,
    level: m.level as MemberSummary['level'],
    surname: m.surname,
    givenName: m.givenName,
    middleName: m.middleName,
    title: m.title as MemberSummary['title'],
    contactLanguage: m.contactLanguage as MemberSummary['contactLanguage'],
  } satisfies Partial<MemberSummary & MemberBaseInfo>;
}

/** The member core over the loyalty context and the member files (loyalty.module.ts builds it once). */
export function createMembersService(ctx: LoyaltyContext, files: MemberFiles): MembersService {
  return new MembersService(ctx, files);
}
