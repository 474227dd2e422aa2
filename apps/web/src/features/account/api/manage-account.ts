import { userExportFileName, type UpdateUser, type User } from '@kinship/domain';
import { apiDownloadPdf, apiRequest } from '../../../lib/api-client';

/** PUT users/{id}: the person's own name, address and phone. */
export const updateUser = (usersId: number, body: UpdateUser) =>
  apiRequest<User>(`users/${usersId}`, { method: 'PUT', body });

/** DELETE users/{id}: erases the account; donations and receipts stay with the personal fields erased. */
export const deleteUser = (usersId: number) => apiRequest<void>(`users/${usersId}`, { method: 'DELETE' });

/** GET users/{id}/statement?year=: the year-end giving statement, saved as message.pdf. */
export const downloadStatement = (usersId: number, year: number) =>
  apiDownloadPdf(`users/${usersId}/statement`, { query: { year } });

/** GET users/{id}/export: everything held on the person, saved as a JSON file. */
export async function downloadMyData(usersId: number): Promise<void> {
  const data = await apiRequest<unknown>(`users/${usersId}/export`);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = userExportFileName(usersId);
  link.click();
  URL.revokeObjectURL(url);
}
