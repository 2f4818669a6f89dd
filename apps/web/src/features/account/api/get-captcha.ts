import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client';

export interface CaptchaResponse {
  captchaId: string;
  /** A PNG image as a data: URL (`data:image/png;base64,...`). */
  image: string;
  expiresInSeconds: number;
}

/** GET /getCaptcha: a new image challenge (each call gives a fresh one, so not cached). */
export function getCaptcha(): Promise<CaptchaResponse> {
  return apiRequest<CaptchaResponse>('/getCaptcha');
}

export function useGetCaptcha() {
  return useMutation({ mutationFn: getCaptcha });
}
