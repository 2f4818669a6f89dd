import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AwardCalculatorInput,
  type AwardCalculatorResult,
  type ClaimSave,
  type EarnCalculatorInput,
  type EarnCalculatorResult,
  ErrorCodes,
  type FreezeInfo,
  type MileageBill,
  type MileageClaim,
  type MileageSummary,
  type MileageTransactionPage,
} from '@wings/contracts';
import { apiRequest } from '../../api/http-client';
import { FORM_QUIET_CODES } from '../account/api/form-codes';

/**
 * The mileage programme's member calls (issue 18; packages/contracts mileage.ts): the member layer
 * `/fqt/consumer/...`, every one with the member session except the two calculators.
 */

type TradingType = 0 | 1 | 2;

/** A page of the ledger, as the list asks for it. */
export const TRANSACTIONS_PAGE_SIZE = 20;

/** POST fqt/consumer/mileage/queryMileageInfo: balance, expiring, elite figures, tier progress. */
export function queryMileageInfo(signal?: AbortSignal): Promise<MileageSummary> {
  return apiRequest<MileageSummary>('/fqt/consumer/mileage/queryMileageInfo', {
    method: 'POST',
    body: {},
    signal,
  });
}

export function useMileageInfo() {
  return useQuery({ queryKey: ['mileage', 'info'], queryFn: ({ signal }) => queryMileageInfo(signal) });
}

/** POST fqt/consumer/mileage/queryTransactionList: the ledger, newest first, one trading type or all. */
export function queryTransactions(
  body: { tradingType?: TradingType; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<MileageTransactionPage> {
  return apiRequest<MileageTransactionPage>('/fqt/consumer/mileage/queryTransactionList', {
    method: 'POST',
    body,
    signal,
  });
}

/** The ledger in pages of 20, loaded one more at a time. */
export function useTransactions(tradingType: TradingType | undefined) {
  return useInfiniteQuery({
    queryKey: ['mileage', 'transactions', tradingType ?? 'all'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      queryTransactions(
        {
          ...(tradingType === undefined ? {} : { tradingType }),
          page: pageParam,
          pageSize: TRANSACTIONS_PAGE_SIZE,
        },
        signal,
      ),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** POST fqt/consumer/mileage/queryBillList: the cycles that can be read, newest first. */
export function useBillCycles() {
  return useQuery({
    queryKey: ['mileage', 'bills'],
    queryFn: ({ signal }) =>
      apiRequest<{ list: string[] }>('/fqt/consumer/mileage/queryBillList', {
        method: 'POST',
        body: {},
        signal,
      }),
  });
}

/** POST fqt/consumer/mileage/queryBillDetail: one month's statement (873 shown by the page). */
export const billDetailQueryOptions = (cycle: string) =>
  queryOptions({
    queryKey: ['mileage', 'bill', cycle],
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest<MileageBill>('/fqt/consumer/mileage/queryBillDetail', {
        method: 'POST',
        body: { cycle },
        signal,
        quietCodes: [ErrorCodes.mileageBillNotAvailable.code],
      }),
  });

export function useBillDetail(cycle: string) {
  return useQuery({ ...billDetailQueryOptions(cycle), enabled: cycle !== '' });
}

/** POST fqt/consumer/mileage/queryFreezeInfo: 865 when the miles are not frozen (the page says so). */
export function useFreezeInfo() {
  return useQuery({
    queryKey: ['mileage', 'freeze'],
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest<FreezeInfo>('/fqt/consumer/mileage/queryFreezeInfo', {
        method: 'POST',
        body: {},
        signal,
        quietCodes: [ErrorCodes.mileageNoFreezeDetails.code],
      }),
  });
}

/** POST fqt/consumer/claim/queryClaimList: the member's claims, newest first. */
export function useClaims() {
  return useQuery({
    queryKey: ['mileage', 'claims'],
    queryFn: ({ signal }) =>
      apiRequest<{ list: MileageClaim[] }>('/fqt/consumer/claim/queryClaimList', {
        method: 'POST',
        body: {},
        signal,
      }),
  });
}

/** The claim refusals the form shows beside itself instead of a toast. */
export const CLAIM_FORM_CODES = [
  ...FORM_QUIET_CODES,
  ErrorCodes.mileagePassengerNotLegal.code,
  ErrorCodes.mileageNoFlightFound.code,
  ErrorCodes.mileageClaimWindow.code,
  ErrorCodes.mileageClaimDuplicate.code,
  ErrorCodes.mileageClaimNoShow.code,
] as const;

/** POST fqt/consumer/claim/saveClaim: a retroactive claim for a flown flight. */
export function saveClaim(body: ClaimSave): Promise<MileageClaim> {
  return apiRequest<MileageClaim>('/fqt/consumer/claim/saveClaim', {
    method: 'POST',
    body,
    quietCodes: CLAIM_FORM_CODES,
  });
}

export function useSaveClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveClaim,
    onSuccess: () => client.invalidateQueries({ queryKey: ['mileage', 'claims'] }),
  });
}

/** The calculator refusals shown on the result card. */
export const CALCULATOR_CODES = [
  ...FORM_QUIET_CODES,
  ErrorCodes.mileageFieldEmpty.code,
  ErrorCodes.mileageUnknownRoute.code,
] as const;

/** POST fqt/consumer/calculator/queryEarnRates: the fare classes ("ticket types") offered. */
export function useEarnRates() {
  return useQuery({
    queryKey: ['mileage', 'earn-rates'],
    staleTime: 30 * 60_000,
    queryFn: ({ signal }) =>
      apiRequest<{ list: { letter: string; family: string; cabin: 'Y' | 'C'; earnRatePercent: number }[] }>(
        '/fqt/consumer/calculator/queryEarnRates',
        { method: 'POST', body: {}, signal },
      ),
  });
}

/** POST fqt/consumer/calculator/earnMileage: miles a flight earns. */
export function useEarnCalculator() {
  return useMutation({
    mutationFn: (body: EarnCalculatorInput) =>
      apiRequest<EarnCalculatorResult>('/fqt/consumer/calculator/earnMileage', {
        method: 'POST',
        body,
        quietCodes: CALCULATOR_CODES,
      }),
  });
}

/** POST fqt/consumer/calculator/awardMileage: miles an award ticket needs. */
export function useAwardCalculator() {
  return useMutation({
    mutationFn: (body: AwardCalculatorInput) =>
      apiRequest<AwardCalculatorResult>('/fqt/consumer/calculator/awardMileage', {
        method: 'POST',
        body,
        quietCodes: CALCULATOR_CODES,
      }),
  });
}
