import type { SavedPassenger, SavedPassengerInput } from '@wings/contracts';
import { checkSavedPassenger, localDate } from '@wings/rules';
import type { Executor } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import { AccountsRepository, type PassengerFields, type StoredPassenger } from './accounts.repository';
import { isUuid } from './secrets';
import { LIMITS } from './throttle';

/**
 * A user's saved passengers (spec §3 passenger fields, §5 passenger rules). Every read and
 * write is scoped to the caller: another user's passenger answers 404 like a missing one.
 */
export class SavedPassengersService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly now: () => Date,
    /** The hub's zone (config HUB_TIME_ZONE): "today" for the passenger rules. */
    private readonly hubZone: string,
  ) {}

  /** GET user/memberpassenger/selectByMemberId/{id}: `id` must be the caller's own user id. */
  async list(callerId: string, memberId: string): Promise<SavedPassenger[]> {
    if (memberId !== callerId) throw new AppError('resourceNotFound');
    return (await this.repo.listPassengers(callerId)).map(toSavedPassenger);
  }

  async add(userId: string, input: SavedPassengerInput): Promise<SavedPassenger> {
    const fields = this.validated(input);
    return this.repo.transaction(async (repo) => {
      // Serialised per user, so two parallel inserts cannot pass the limit together.
      await repo.lockKey(`passengers:${userId}`);
      if ((await repo.countPassengers(userId)) >= LIMITS.savedPassengersMax) {
        throw invalid([
          {
            field: 'passengers',
            key: 'account.saved_passengers_limit',
            params: { max: LIMITS.savedPassengersMax },
          },
        ]);
      }
      return toSavedPassenger(await repo.insertPassenger(userId, fields, this.now()));
    });
  }

  async update(userId: string, id: string, input: SavedPassengerInput): Promise<SavedPassenger> {
    if (!isUuid(id)) throw new AppError('resourceNotFound');
    const fields = this.validated(input);
    const row = await this.repo.updatePassenger(userId, id, fields, this.now());
    if (!row) throw new AppError('resourceNotFound');
    return toSavedPassenger(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.repo.deletePassenger(userId, id))) throw new AppError('resourceNotFound');
  }

  private validated(input: SavedPassengerInput): PassengerFields {
    const issues = checkSavedPassenger(input, localDate(this.now(), this.hubZone));
    if (issues.length > 0) throw invalid(issues);
    const phone = input.phone?.trim() || null;
    return {
      surname: input.surname.trim().toUpperCase(),
      givenName: input.givenName.trim().toUpperCase(),
      middleName: input.middleName?.trim().toUpperCase() || null,
      passengerType: input.passengerType,
      title: input.title,
      gender: input.gender,
      nationality: input.nationality.toUpperCase(),
      birthday: input.birthday,
      docType: input.docType,
      docNumber: input.docNumber.toUpperCase(),
      docExpiry: input.docExpiry,
      email: input.email?.trim() || null,
      countryCode: phone ? input.countryCode?.trim().replace(/^\+/, '') || null : null,
      phone,
    };
  }
}

function toSavedPassenger(p: StoredPassenger): SavedPassenger {
  return {
    id: p.id,
    surname: p.surname,
    givenName: p.givenName,
    middleName: p.middleName,
    passengerType: p.passengerType as SavedPassenger['passengerType'],
    title: p.title as SavedPassenger['title'],
    gender: p.gender as SavedPassenger['gender'],
    nationality: p.nationality,
    birthday: p.birthday,
    docType: p.docType as SavedPassenger['docType'],
    docNumber: p.docNumber,
    docExpiry: p.docExpiry,
    email: p.email,
    countryCode: p.countryCode,
    phone: p.phone,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The saved passengers over the app's database (booking reads a member's list through it). */
export function createSavedPassengers(
  db: Executor,
  now: () => Date,
  hubZone: string,
): SavedPassengersService {
  return new SavedPassengersService(new AccountsRepository(db), now, hubZone);
}
