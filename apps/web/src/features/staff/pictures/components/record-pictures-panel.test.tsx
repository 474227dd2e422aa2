import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../../test/api-stub';
import { renderWithProviders } from '../../../../test/render';
import type { ManagedPicture } from '../api/pictures-api';
import { RecordPicturesPanel } from './record-pictures-panel';

const picture = (id: number, isProfile = false): ManagedPicture => ({
  id,
  imagePath: `sponsoreds/7/gallery/${id}/large.webp`,
  thumbPath: `sponsoreds/7/gallery/${id}/thumb.webp`,
  description: id === 1 ? 'At school' : null,
  sortOrder: id,
  isProfile,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RecordPicturesPanel', () => {
  it('lists the pictures and sends the new order, the profile choice and a confirmed deletion', async () => {
    const gallery = [picture(1), picture(2, true), picture(3)];
    const api = stubApi({
      'GET /api/sponsoreds/7/pictures': json(gallery),
      'PUT /api/sponsoreds/7/images/order': (call) => {
        const ids = (call.body as { ids: number[] }).ids;
        return json(ids.map((id) => gallery.find((p) => p.id === id)!));
      },
      'PUT /api/sponsoreds/7/profileimage': json([picture(1, true), picture(2), picture(3)]),
      'DELETE /api/sponsoreds/7/images/3': json([picture(1, true), picture(2)]),
    });
    const { user } = renderWithProviders(<RecordPicturesPanel sponsoredsId={7} />);
    const list = await screen.findByRole('list', { name: 'Pictures, in the order shown' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Move picture 1 earlier' })).toBeDisabled();
    expect(screen.getByLabelText('Description of picture 1')).toHaveValue('At school');

    await user.click(screen.getByRole('button', { name: 'Move picture 3 earlier' }));
    await waitFor(() => expect(api.callsTo('PUT /api/sponsoreds/7/images/order')).toHaveLength(1));
    expect(api.callsTo('PUT /api/sponsoreds/7/images/order')[0]!.body).toEqual({ ids: [1, 3, 2] });

    const first = within(list).getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Set as profile' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/sponsoreds/7/profileimage')[0]?.body).toEqual({ imageId: 1 }),
    );
    await within(first).findByText('Profile picture');

    const last = within(list).getAllByRole('listitem').at(-1)!;
    await user.click(within(last).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this picture?' });
    expect(api.callsTo('DELETE /api/sponsoreds/7/images/3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete picture' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/sponsoreds/7/images/3')).toHaveLength(1));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  });
});
