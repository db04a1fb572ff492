import type { AuthReply } from '@shop/contracts/auth';
import type { ErrorCode } from '@shop/contracts/errors';
import type { SessionItem, TwoStepSetup, TwoStepStatus } from '@shop/contracts/two-step';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const twoStepContracts = () => import('@shop/contracts/two-step');
const authContracts = () => import('@shop/contracts/auth');

export const securityQueryKey = ['security'] as const;

// Type-only: the errors module builds zod schemas, which the pages' first scripts must not carry.
const TWO_STEP_REQUIRED: ErrorCode = 'TWO_STEP_REQUIRED';
const TWO_STEP_SETUP_REQUIRED: ErrorCode = 'TWO_STEP_SETUP_REQUIRED';

/** A call refused until a fresh two-step code is given (the step-up dialog asks for it). */
export function isStepUpError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === TWO_STEP_REQUIRED;
}

/** The operator's screen refuses everything until two-step sign-in is set up. */
export function isSetupRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === TWO_STEP_SETUP_REQUIRED;
}

/** GET /api/two-step: on or off, recovery codes left, when this session last gave a code. */
export function twoStepStatusQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...securityQueryKey, 'two-step'] as const,
    queryFn: async ({ signal }): Promise<TwoStepStatus> =>
      (
        await api.request('/api/two-step', {
          schema: () => twoStepContracts().then((c) => c.twoStepStatusReplySchema),
          signal,
        })
      ).data,
    retry: false,
  });
}

/** GET /api/sessions: the caller's sessions that still work. */
export function sessionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...securityQueryKey, 'sessions'] as const,
    queryFn: async ({ signal }): Promise<SessionItem[]> =>
      (
        await api.request('/api/sessions', {
          schema: () => twoStepContracts().then((c) => c.sessionsReplySchema),
          signal,
        })
      ).data.sessions,
    retry: false,
  });
}

/** POST /api/two-step/setup: a new secret (text and QR code), shown this once. */
export function useStartTwoStepSetup() {
  const api = useApi();
  return useMutation({
    mutationFn: async (): Promise<TwoStepSetup> =>
      (
        await api.request('/api/two-step/setup', {
          method: 'POST',
          schema: () => twoStepContracts().then((c) => c.twoStepSetupReplySchema),
        })
      ).data,
  });
}

/** POST /api/two-step/enable: the app's first code turns it on; the recovery codes come back once. */
export function useEnableTwoStep() {
  const api = useApi();
  return useMutation({
    mutationFn: async (code: string): Promise<string[]> =>
      (
        await api.request('/api/two-step/enable', {
          method: 'POST',
          body: { code },
          schema: () => twoStepContracts().then((c) => c.recoveryCodesReplySchema),
        })
      ).data.recovery_codes,
  });
}

/** POST /api/two-step/verify: the step-up's code. */
export function useVerifyTwoStep() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      api.request('/api/two-step/verify', {
        method: 'POST',
        body: { code },
        schema: () => twoStepContracts().then((c) => c.stepUpReplySchema),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...securityQueryKey, 'two-step'] }),
  });
}

/** POST /api/login/two-step: the code step of a sign-in. */
export function useTwoStepSignIn() {
  const api = useApi();
  return useMutation({
    mutationFn: async (input: { token: string; code: string }): Promise<AuthReply> =>
      api.request('/api/login/two-step', {
        method: 'POST',
        body: input,
        schema: () => authContracts().then((c) => c.authReplySchema),
      }),
  });
}

/**
 * Turning two-step off and making new recovery codes: both may ask for a fresh code first, so
 * each takes `withStepUp` (from useStepUp) around its call.
 */
export function useRegenerateRecoveryCodes(withStepUp: <T>(call: () => Promise<T>) => Promise<T>) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<string[]> =>
      (
        await withStepUp(() =>
          api.request('/api/two-step/recovery-codes', {
            method: 'POST',
            schema: () => twoStepContracts().then((c) => c.recoveryCodesReplySchema),
          }),
        )
      ).data.recovery_codes,
    onSuccess: () => void client.invalidateQueries({ queryKey: securityQueryKey }),
  });
}

export function useDisableTwoStep(withStepUp: <T>(call: () => Promise<T>) => Promise<T>) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      withStepUp(() =>
        api.request('/api/two-step/disable', {
          method: 'POST',
          schema: () => authContracts().then((c) => c.messageReplySchema),
        }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: securityQueryKey }),
  });
}

/** Ends one session, or every other one. */
export function useEndSessions() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (which: { id: number } | 'others') =>
      api.request(which === 'others' ? '/api/sessions/revoke-others' : `/api/sessions/${which.id}/revoke`, {
        method: 'POST',
        schema: () => authContracts().then((c) => c.messageReplySchema),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...securityQueryKey, 'sessions'] }),
  });
}
