import {
  emailPreviewSchema,
  emailTemplatesAnswerSchema,
  partnerSettingsAnswerSchema,
  type EmailPreview,
  type EmailTemplateInput,
  type EmailTemplateKind,
  type EmailTemplatesAnswer,
  type Locale,
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
  /** One locale's versions (decision 073); no locale: the partner's default one. */
  emailTemplates: (locale?: Locale) => ['dashboard', 'emailtemplates', locale ?? 'default'] as const,
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

/** The `locale` query of a template request; left out, the partner's default locale. */
const localeQuery = (locale?: Locale) => ({ locale });

/** GET dashboard/emailtemplates[?locale=]: one locale's versions (the default locale's without one). */
export function useEmailTemplates(locale?: Locale) {
  return useQuery({
    queryKey: settingsKeys.emailTemplates(locale),
    queryFn: () =>
      apiRequest<EmailTemplatesAnswer>('dashboard/emailtemplates', {
        query: localeQuery(locale),
        schema: emailTemplatesAnswerSchema,
      }),
  });
}

/** Save, reset, preview and test-send of one kind's template, in one locale's version. */
export function useEmailTemplateWrites(locale?: Locale) {
  const client = useQueryClient();
  const setList = (answer: EmailTemplatesAnswer) =>
    client.setQueryData(settingsKeys.emailTemplates(locale), answer);
  const save = useMutation({
    mutationFn: ({ kind, body }: { kind: EmailTemplateKind; body: EmailTemplateInput }) =>
      apiRequest<EmailTemplatesAnswer>(`dashboard/emailtemplates/${kind}`, {
        method: 'PUT',
        body: locale ? { ...body, locale } : body,
      }),
    onSuccess: setList,
  });
  const reset = useMutation({
    mutationFn: (kind: EmailTemplateKind) =>
      apiRequest<EmailTemplatesAnswer>(`dashboard/emailtemplates/${kind}`, {
        method: 'DELETE',
        query: localeQuery(locale),
      }),
    onSuccess: setList,
  });
  const preview = useMutation({
    mutationFn: ({ kind, body }: { kind: EmailTemplateKind; body: EmailTemplateInput }) =>
      apiRequest<EmailPreview>(`dashboard/emailtemplates/${kind}/preview`, {
        method: 'POST',
        query: localeQuery(locale),
        body,
        schema: emailPreviewSchema,
      }),
  });
  const test = useMutation({
    mutationFn: ({ kind, body }: { kind: EmailTemplateKind; body: EmailTemplateInput }) =>
      apiRequest<{ to: string }>(`dashboard/emailtemplates/${kind}/test`, {
        method: 'POST',
        query: localeQuery(locale),
        body,
      }),
  });
  return { save, reset, preview, test };
}
