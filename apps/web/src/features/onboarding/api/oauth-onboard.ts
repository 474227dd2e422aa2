import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface OauthOnboardInput {
  state: string;
  authorizationCode: string;
}

/** POST partners/oauthonboard: completes a partner's payment-provider onboarding; answers where to go next. */
export const oauthOnboard = (input: OauthOnboardInput) =>
  apiRequest<{ redirectUrl: string }>('partners/oauthonboard', { method: 'POST', body: input });

export function useOauthOnboard() {
  return useMutation({ mutationFn: oauthOnboard });
}
