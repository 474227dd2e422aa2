import {
  emailPreviewSchema,
  emailTemplatesAnswerSchema,
  partnerSettingsAnswerSchema,
  type EmailPreview,
  type EmailTemplateInput,
  type EmailTemplateKind,
  type EmailTemplatesAnswer,
  type PartnerSettingsAnswer,
  type PartnerSettingsInput,
} from '@kinship/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUrl } from '../../../../lib/api-client';
import { uploadWithProgress } from '../../../../components/staff/upload';
import { partnerKeys } from '../../../../shared/partner/api/get-partner';

/** The section's query keys: the partner's settings and its email templates. */
export const settingsKeys = {
  settings: () => ['dashboard', 'settings'] as const,
  emailTemplates: () => ['dashboard', 'emailtemplates'] as const,
};

/** GET dashboard/settings. */
export const partnerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.settings(),
    queryFn: () =>
      apiRequest<PartnerSettingsAnswer>('dashboard/settings', { schema: partnerSettingsAnswerSchema }),
  });

export function usePartnerSettings() {
  return useQuery(partnerSettingsQueryOptions());
}

/**
 * PUT dashboard/settings and the logo and header image uploads. Each refreshes the settings and the
 * site's own partner query, so the site around the dashboard takes the new branding at once.
 */
export function usePartnerSettingsWrites() {
  const client = useQueryClient();
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: settingsKeys.settings() });
    await client.invalidateQueries({ queryKey: partnerKeys.all });
  };
  const save = useMutation({
    mutationFn: (body: PartnerSettingsInput) =>
      apiRequest<PartnerSettingsAnswer>('dashboard/settings', { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const upload = useMutation({
    mutationFn: ({
      which,
      file,
      onProgress,
    }: {
      which: 'logo' | 'headerimage';
      file: File;
      onProgress: (f: number) => void;
    }) => uploadWithProgress(apiUrl(`dashboard/settings/${which}`), file, onProgress, 'image'),
    onSuccess: refresh,
  });
  // POST dashboard/settings/domains/{domain}/check ("Check now"): answers the settings.
  const checkDomain = useMutation({
    mutationFn: (domain: string) =>
      apiRequest<PartnerSettingsAnswer>(`dashboard/settings/domains/${encodeURIComponent(domain)}/check`, {
        method: 'POST',
        schema: partnerSettingsAnswerSchema,
      }),
    onSuccess: (answer) => client.setQueryData(settingsKeys.settings(), answer),
  });
  return { save, upload, checkDomain };
}

/** GET dashboard/emailtemplates. */
export function useEmailTemplates() {
  return useQuery({
    queryKey: settingsKeys.emailTemplates(),
    queryFn: () =>
      apiRequest<EmailTemplatesAnswer>('dashboard/emailtemplates', { schema: emailTemplatesAnswerSchema }),
  });
}

/** Save, reset, preview and test-send of one kind's template. */
export function useEmailTemplateWrites() {
  const client = useQueryClient();
  const setList = (answer: EmailTemplatesAnswer) =>
    client.setQueryData(settingsKeys.emailTemplates(), answer);
  const save = useMutation({
    mutationFn: ({ kind, body }: { kind: EmailTemplateKind; body: EmailTemplateInput }) =>
      apiRequest<EmailTemplatesAnswer>(`dashboard/emailtemplates/${kind}`, { method: 'PUT', body }),
    onSuccess: setList,
  });
  const reset = useMutation({
    mutationFn: (kind: EmailTemplateKind) =>
      apiRequest<EmailTemplatesAnswer>(`dashboard/emailtemplates/${kind}`, { method: 'DELETE' }),
    onSuccess: setList,
  });
  const preview = useMutation({
    mutationFn: ({ kind, body }: { kind: EmailTemplateKind; body: EmailTemplateInput }) =>
      apiRequest<EmailPreview>(`dashboard/emailtemplates/${kind}/preview`, {
        method: 'POST',
        body,
        schema: emailPreviewSchema,
      }),
  });
  const test = useMutation({
    mutationFn: ({ kind, body }: { kind: EmailTemplateKind; body: EmailTemplateInput }) =>
      apiRequest<{ to: string }>(`dashboard/emailtemplates/${kind}/test`, { method: 'POST', body }),
  });
  return { save, reset, preview, test };
}
