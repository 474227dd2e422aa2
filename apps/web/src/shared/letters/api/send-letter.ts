import {
  letterCreatedSchema,
  sponsorLetterSchema,
  type LetterCreated,
  type LetterStatus,
  type SponsorLetter,
} from '@kinship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { letterKeys } from './letter-keys';

export interface LetterToSend {
  sponsoredsId: number;
  body: string;
  /** Keep it as a draft; otherwise it is submitted for review. */
  draft: boolean;
  /** New pictures (a new letter only: a draft's pictures are fixed once saved). */
  pictures: readonly File[];
  /** The draft being continued, when there is one. */
  draftId?: number;
}

/** What the writer is told: the letter's state and the pre-screen's flags on it. */
export interface LetterSent {
  id: number;
  status: LetterStatus;
  flagCount: number;
}

/**
 * POST sponsoreds/{id}/messages: JSON `{ body, draft }`, or multipart (fields body and draft, then
 * the picture files) when there are pictures. Answers 201 `{ id, status, flags }`.
 */
export function createLetter(input: LetterToSend): Promise<LetterCreated> {
  const path = `sponsoreds/${input.sponsoredsId}/messages`;
  if (input.pictures.length === 0) {
    return apiRequest(path, {
      method: 'POST',
      body: { body: input.body, ...(input.draft ? { draft: true } : {}) },
      schema: letterCreatedSchema,
    });
  }
  const form = new FormData();
  form.append('body', input.body);
  if (input.draft) form.append('draft', 'true');
  for (const picture of input.pictures) form.append('pictures', picture, picture.name);
  return apiRequest(path, { method: 'POST', body: form, schema: letterCreatedSchema });
}

/** PATCH messages/{id}: the writer's own draft, changed and kept (`draft: true`) or submitted. */
export function updateDraft(id: number, body: string, draft: boolean): Promise<SponsorLetter> {
  return apiRequest(`messages/${id}`, {
    method: 'PATCH',
    body: { body, draft },
    schema: sponsorLetterSchema,
  });
}

async function sendLetter(input: LetterToSend): Promise<LetterSent> {
  if (input.draftId !== undefined) {
    const letter = await updateDraft(input.draftId, input.body, input.draft);
    return { id: letter.id, status: letter.status, flagCount: letter.flags.length };
  }
  const created = await createLetter(input);
  return {
    id: created.id,
    status: created.status,
    flagCount: created.flags.filter((f) => f.status === 'open').length,
  };
}

/** Writes, saves or submits a letter; every letters list is refreshed after. */
export function useSendLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendLetter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: letterKeys.all }),
  });
}
