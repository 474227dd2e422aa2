import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../../components/staff/confirm-dialog';
import { UploadDropzone } from '../../../../components/staff/upload-dropzone';
import { mediaUrl } from '../../../../lib/api-client';
import { uploadUrlFor, usePictureChanges, useRecordPictures, type ManagedPicture } from '../api/pictures-api';

export interface RecordPicturesPanelProps {
  sponsoredsId: number;
}

/** The picture buttons' signs (their names are in aria-label). */
const SIGNS = { drag: '⠿', earlier: '↑', later: '↓' } as const;

function move(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * A card that can be dragged to a new place by its handle (@dnd-kit: pointer, touch after a short
 * press, and the keyboard: space to lift, arrows to move, space to drop).
 */
function SortablePicture({
  id,
  index,
  children,
}: {
  id: number;
  index: number;
  children: (handle: ReactNode) => ReactNode;
}) {
  const intl = useIntl();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="default"
      aria-label={intl.formatMessage(
        { id: 'staff.pictures.drag', defaultMessage: 'Drag picture {number} to a new place' },
        { number: index + 1 },
      )}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      {SIGNS.drag}
    </ActionIcon>
  );
  return (
    <Card
      ref={setNodeRef}
      component="li"
      withBorder
      padding="sm"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      {children(handle)}
    </Card>
  );
}

/**
 * A record's pictures for staff who manage them: drop several at once (each with its progress),
 * describe each, order them by dragging a card's handle or with the move earlier / later buttons
 * (which a keyboard and a screen reader can use), choose the profile picture, delete after a
 * confirmation. Mount it anywhere with the
 * record's id (the record editor, or /dashboard/records/:id/pictures).
 */
export function RecordPicturesPanel({ sponsoredsId }: RecordPicturesPanelProps) {
  const intl = useIntl();
  const pictures = useRecordPictures(sponsoredsId);
  const changes = usePictureChanges(sponsoredsId);
  const [deleting, setDeleting] = useState<ManagedPicture | null>(null);
  const mutationError = [changes.describe, changes.reorder, changes.makeProfile].find((m) => m.error)?.error;

  // The order just dropped, shown until the server's answer replaces it (no snap back meanwhile).
  const [dropped, setDropped] = useState<number[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byId = new Map((pictures.data ?? []).map((p) => [p.id, p]));
  const ids =
    dropped && dropped.length === byId.size && dropped.every((id) => byId.has(id))
      ? dropped
      : (pictures.data?.map((p) => p.id) ?? []);
  const ordered = ids.map((id) => byId.get(id)!);
  const reorder = (next: number[]) => {
    setDropped(next);
    changes.reorder.mutate(next, { onSettled: () => setDropped(null) });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    reorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="staff.pictures.title" defaultMessage="Pictures" />
      </Title>
      <UploadDropzone
        uploadUrl={uploadUrlFor(sponsoredsId)}
        maxFiles={10}
        onUploaded={() => void changes.refresh()}
        label={intl.formatMessage({
          id: 'staff.pictures.drop',
          defaultMessage: 'Drop pictures here or click to choose them (several at once)',
        })}
      />
      {mutationError && (
        <Alert color="red" role="alert">
          {mutationError.message}
        </Alert>
      )}
      {pictures.isLoading ? (
        <Loader
          aria-label={intl.formatMessage({
            id: 'staff.pictures.loading',
            defaultMessage: 'Loading pictures',
          })}
        />
      ) : pictures.error ? (
        <Alert color="red" role="alert">
          {pictures.error.message}
        </Alert>
      ) : pictures.data!.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="staff.pictures.none" defaultMessage="No pictures yet." />
        </Text>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={rectSortingStrategy}>
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3 }}
              spacing="md"
              component="ol"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label={intl.formatMessage({
                id: 'staff.pictures.list',
                defaultMessage: 'Pictures, in the order shown',
              })}
            >
              {ordered.map((picture, index) => (
                <SortablePicture key={picture.id} id={picture.id} index={index}>
                  {(handle) => (
                    <>
                      <Card.Section>
                        <Image
                          src={mediaUrl(picture.thumbPath)}
                          alt={
                            picture.description ??
                            intl.formatMessage(
                              { id: 'staff.pictures.number', defaultMessage: 'Picture {number}' },
                              { number: index + 1 },
                            )
                          }
                          h={180}
                          fit="cover"
                        />
                      </Card.Section>
                      <Stack gap="xs" mt="sm">
                        <Group justify="space-between" gap="xs">
                          <Text size="sm" fw={600}>
                            <FormattedMessage
                              id="staff.pictures.number"
                              defaultMessage="Picture {number}"
                              values={{ number: index + 1 }}
                            />
                          </Text>
                          {picture.isProfile && (
                            <Badge color="teal">
                              <FormattedMessage
                                id="staff.pictures.profile"
                                defaultMessage="Profile picture"
                              />
                            </Badge>
                          )}
                        </Group>
                        <DescriptionField
                          picture={picture}
                          label={intl.formatMessage(
                            {
                              id: 'staff.pictures.description',
                              defaultMessage: 'Description of picture {number}',
                            },
                            { number: index + 1 },
                          )}
                          onSave={(description) =>
                            changes.describe.mutateAsync({ id: picture.id, description })
                          }
                        />
                        <Group gap="xs" wrap="wrap">
                          {handle}
                          <ActionIcon
                            variant="default"
                            aria-label={intl.formatMessage(
                              {
                                id: 'staff.pictures.earlier',
                                defaultMessage: 'Move picture {number} earlier',
                              },
                              { number: index + 1 },
                            )}
                            disabled={index === 0 || changes.reorder.isPending}
                            onClick={() => reorder(move(ids, index, index - 1))}
                          >
                            {SIGNS.earlier}
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            aria-label={intl.formatMessage(
                              { id: 'staff.pictures.later', defaultMessage: 'Move picture {number} later' },
                              { number: index + 1 },
                            )}
                            disabled={index === ids.length - 1 || changes.reorder.isPending}
                            onClick={() => reorder(move(ids, index, index + 1))}
                          >
                            {SIGNS.later}
                          </ActionIcon>
                          <Button
                            size="xs"
                            variant="light"
                            disabled={picture.isProfile}
                            loading={
                              changes.makeProfile.isPending && changes.makeProfile.variables === picture.id
                            }
                            onClick={() => changes.makeProfile.mutate(picture.id)}
                          >
                            <FormattedMessage
                              id="staff.pictures.setProfile"
                              defaultMessage="Set as profile"
                            />
                          </Button>
                          <Button size="xs" color="red" variant="subtle" onClick={() => setDeleting(picture)}>
                            <FormattedMessage id="staff.pictures.delete" defaultMessage="Delete" />
                          </Button>
                        </Group>
                      </Stack>
                    </>
                  )}
                </SortablePicture>
              ))}
            </SimpleGrid>
          </SortableContext>
        </DndContext>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={intl.formatMessage({
          id: 'staff.pictures.delete.title',
          defaultMessage: 'Delete this picture?',
        })}
        message={
          deleting?.isProfile
            ? intl.formatMessage({
                id: 'staff.pictures.delete.profileMessage',
                defaultMessage:
                  'This is the profile picture: the record will have none until you choose another. The picture and its sizes are removed for good.',
              })
            : intl.formatMessage({
                id: 'staff.pictures.delete.message',
                defaultMessage: 'The picture and its sizes are removed for good.',
              })
        }
        confirmLabel={intl.formatMessage({
          id: 'staff.pictures.delete.confirm',
          defaultMessage: 'Delete picture',
        })}
        onConfirm={() => changes.remove.mutateAsync(deleting!.id)}
      />
    </Stack>
  );
}

function DescriptionField({
  picture,
  label,
  onSave,
}: {
  picture: ManagedPicture;
  label: string;
  onSave: (description: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState(picture.description ?? '');
  const [saving, setSaving] = useState(false);
  const dirty = value.trim() !== (picture.description ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        onSave(value).finally(() => setSaving(false));
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          value={value}
          maxLength={2000}
          onChange={(event) => setValue(event.currentTarget.value)}
          style={{ flex: 1 }}
          size="xs"
        />
        <Button type="submit" size="xs" variant="default" disabled={!dirty} loading={saving}>
          <FormattedMessage id="staff.pictures.save" defaultMessage="Save" />
        </Button>
      </Group>
    </form>
  );
}
