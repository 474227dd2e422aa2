import '@mantine/dropzone/styles.css';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Dropzone, IMAGE_MIME_TYPE, type FileRejection } from '@mantine/dropzone';
import { useState } from 'react';
import { uploadWithProgress } from './upload';

interface FileState {
  id: number;
  name: string;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

export interface UploadDropzoneProps {
  /** Where each file is posted (multipart, field `file`). */
  uploadUrl: string;
  /** MIME types accepted (default: images). */
  accept?: string[];
  /** Bytes per file. */
  maxSize?: number;
  maxFiles?: number;
  /** Called with each stored file's answer. */
  onUploaded?: (file: File, body: string) => void;
  label?: string;
}

let nextId = 1;

/** Drop or pick files; each is uploaded on its own with its own progress bar and outcome. */
export function UploadDropzone({
  uploadUrl,
  accept = IMAGE_MIME_TYPE,
  maxSize = 20 * 1024 * 1024,
  maxFiles = 20,
  onUploaded,
  label: labelGiven,
}: UploadDropzoneProps) {
  const intl = useIntl();
  const label =
    labelGiven ??
    intl.formatMessage({
      id: 'staff.upload.drop',
      defaultMessage: 'Drop pictures here or click to choose them',
    });
  const [files, setFiles] = useState<FileState[]>([]);

  const update = (id: number, change: Partial<FileState>) =>
    setFiles((current) => current.map((f) => (f.id === id ? { ...f, ...change } : f)));

  const start = (dropped: File[]) => {
    for (const file of dropped) {
      const id = nextId++;
      setFiles((current) => [...current, { id, name: file.name, progress: 0, status: 'uploading' }]);
      uploadWithProgress(uploadUrl, file, (fraction) => update(id, { progress: Math.round(fraction * 100) }))
        .then((answer) => {
          update(id, { status: 'done', progress: 100 });
          onUploaded?.(file, answer.body);
        })
        .catch((error: Error) => update(id, { status: 'failed', error: error.message }));
    }
  };

  const refuse = (rejections: FileRejection[]) => {
    setFiles((current) => [
      ...current,
      ...rejections.map((r) => ({
        id: nextId++,
        name: r.file.name,
        progress: 0,
        status: 'failed' as const,
        error: r.errors.map((e) => e.message).join(' '),
      })),
    ]);
  };

  return (
    <Stack gap="sm">
      <Dropzone onDrop={start} onReject={refuse} accept={accept} maxSize={maxSize} maxFiles={maxFiles}>
        <Group justify="center" mih={100} style={{ pointerEvents: 'none' }}>
          <Text>{label}</Text>
        </Group>
      </Dropzone>
      {files.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          aria-label={intl.formatMessage({ id: 'staff.upload.list', defaultMessage: 'Uploads' })}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {files.map((f) => (
            <li key={f.id}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{f.name}</Text>
                <Text size="sm" c={f.status === 'failed' ? 'red' : 'dimmed'}>
                  {f.status === 'failed' ? (
                    f.error
                  ) : f.status === 'done' ? (
                    <FormattedMessage id="staff.upload.done" defaultMessage="Uploaded" />
                  ) : (
                    <FormattedNumber value={f.progress / 100} style="percent" />
                  )}
                </Text>
              </Group>
              <Progress
                value={f.status === 'failed' ? 100 : f.progress}
                color={f.status === 'failed' ? 'red' : f.status === 'done' ? 'teal' : undefined}
                aria-label={intl.formatMessage(
                  { id: 'staff.upload.progress', defaultMessage: '{name} upload' },
                  { name: f.name },
                )}
                size="sm"
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
