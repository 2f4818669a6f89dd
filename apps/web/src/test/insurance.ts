import type {
  InsuranceEntry,
  InsuranceGrade,
  InsuranceGradeResponse,
  OrderInsurance,
} from '@wings/contracts';
import { addDays } from '@wings/rules';
import { useInsuranceDraft } from '../features/insurance/insurance-draft-store';
import type { InsuredInfoDraft } from '../features/insurance/insurance-entry';
import { DEP_DATE, RET_DATE, usd } from './booking';
import { type FakeCall, ok } from './fake-api';

export const GRADE_PATH = '/api/travelsky/insurance/getInsuranceGrade';
export const PRICE_PATH = '/api/travelsky/insurance/getInsurancePrice';

/** The test trip's cover: out on DEP_DATE, back on RET_DATE (6 days), 7 more after a delay. */
export const COVER = {
  coverFrom: DEP_DATE,
  coverTo: RET_DATE,
  days: 6,
  extensionDaysMax: 7,
  latestCoverTo: addDays(RET_DATE, 7),
};

export const BASIC: InsuranceGrade = {
  insuranceType: 'TRAVEL_BASIC',
  grade: 1,
  name: { zh: '基础保障', en: 'Basic cover', km: 'ការធានាមូលដ្ឋាន' },
  insuranceLimit: 5_000_000,
  currency: 'USD',
  coverage: [
    { item: 'medical', limit: usd(5_000_000) },
    { item: 'delay', limit: usd(20_000) },
  ],
  bands: [
    { upToDays: 7, amount: 900 },
    { upToDays: 90, amount: 4500 },
  ],
  price: usd(900),
  total: usd(3600),
};

export const PLUS: InsuranceGrade = {
  ...BASIC,
  insuranceType: 'TRAVEL_PLUS',
  grade: 2,
  name: { zh: '升级保障', en: 'Plus cover', km: 'ការធានាបន្ថែម' },
  insuranceLimit: 10_000_000,
  coverage: [
    { item: 'medical', limit: usd(10_000_000) },
    { item: 'baggage', limit: usd(100_000) },
  ],
  bands: [
    { upToDays: 7, amount: 1500 },
    { upToDays: 90, amount: 7000 },
  ],
  price: usd(1500),
  total: usd(6000),
};

export function gradesReply(patch: Partial<InsuranceGradeResponse> = {}): InsuranceGradeResponse {
  return { available: true, currency: 'USD', insuredCount: 4, cover: COVER, grades: [BASIC, PLUS], ...patch };
}

/**
 * The insurance calls of a small insurer: the plans (priced for the offer, unpriced without one),
 * and a plan's price for the count asked, as the server works it out (its band × the count).
 */
export function insuranceHandler(grades: () => InsuranceGradeResponse = gradesReply) {
  return (call: FakeCall) => {
    if (call.path === GRADE_PATH) {
      const body = call.body as { offerId?: string } | undefined;
      const reply = grades();
      return ok(
        body?.offerId
          ? reply
          : { ...reply, cover: null, grades: reply.grades.map((g) => ({ ...g, price: null, total: null })) },
      );
    }
    if (call.path === PRICE_PATH) {
      const { insuranceType, insuredCount } = call.body as { insuranceType: string; insuredCount: number };
      const grade = grades().grades.find((g) => g.insuranceType === insuranceType)!;
      const unit = grade.price!.amount;
      return ok({
        insuranceType,
        insuredCount,
        cover: COVER,
        unitPrice: usd(unit),
        totalPrice: usd(unit * insuredCount),
      });
    }
    return undefined;
  };
}

/** An insured passenger's details that pass every rule. */
export function goodInfo(patch: Partial<InsuredInfoDraft> = {}): InsuredInfoDraft {
  return {
    nationality: 'KH',
    region: 'Phnom Penh',
    city: 'Phnom Penh',
    address: '12 Street 240, Daun Penh',
    postalCode: '12207',
    name: 'SOK CHANDA',
    relationship: 'spouse',
    credentialsType: 0,
    credentialsId: 'N01234567',
    countryCode: '+855',
    contactNumber: '12345678',
    mailbox: '',
    ...patch,
  };
}

export function goodEntry(patch: Partial<InsuranceEntry> = {}): InsuranceEntry {
  return {
    ...goodInfo(),
    mailbox: null,
    insuranceType: BASIC.insuranceType,
    insuranceLimit: BASIC.insuranceLimit,
    ...patch,
  };
}

export function resetInsuranceDraft() {
  useInsuranceDraft.setState({ offerId: null, insuranceType: null, insured: [], agreed: false, info: {} });
}

/** A policy of the order's first passenger, as order detail lists it (masked beneficiary). */
export function makePolicy(patch: Partial<OrderInsurance> = {}): OrderInsurance {
  return {
    passengerSeq: 0,
    passengerName: 'SOK DARA',
    insuranceType: BASIC.insuranceType,
    planName: BASIC.name,
    coverage: BASIC.coverage,
    status: 'issued',
    policyNo: 'SBX20261201A1',
    externalUrl: '/api/insurance/sandbox/policies/SBX20261201A1?sig=abc',
    premium: usd(900),
    coverFrom: DEP_DATE,
    coverTo: RET_DATE,
    days: 6,
    latestCoverTo: addDays(RET_DATE, 7),
    insured: {
      nationality: 'KH',
      region: 'Phnom Penh',
      city: 'Phnom Penh',
      address: '12 Street 240, Daun Penh',
      postalCode: '12207',
    },
    beneficiary: {
      name: 'SOK CHANDA',
      relationship: 'spouse',
      credentialsType: 0,
      credentialsId: '****4567',
      countryCode: '+855',
      contactNumber: '12****78',
      mailbox: null,
    },
    ...patch,
  };
}
