import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/** One file of an upload, read when the service is ready for it (the route maps the multipart stream). */
export interface UploadedFile {
  fileName: string;
  read(): Promise<Buffer>;
}

/** The most one picture file may weigh: a phone camera's largest JPEG is well under it. */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
/** Files one upload may carry. */
export const MAX_PICTURES_PER_UPLOAD = 10;

export const NOT_MULTIPART_MESSAGE = 'Send the pictures as a multipart/form-data body.';
export const MALFORMED_MULTIPART_MESSAGE = 'The multipart/form-data body is malformed';
export const TOO_MANY_PICTURES_MESSAGE = `At most ${MAX_PICTURES_PER_UPLOAD} pictures can be sent at once.`;
export const pictureTooLargeMessage = (fileName: string) =>
  `${fileName} is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB, the most a picture may weigh.`;

/** A file name fit for an error message: printable, short, never empty. */
function displayName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const clean = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 100);
  return clean === '' ? 'The file' : clean;
}

/** The multipart stream's files, its limit errors turned into the clear refusals above. */
export async function* uploadedFiles(request: FastifyRequest): AsyncGenerator<UploadedFile> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART_MESSAGE);
  const errors = request.server.multipartErrors;
  const refusal = (error: unknown, fileName: string) => {
    if (error instanceof errors.RequestFileTooLargeError)
      return new HttpError(413, pictureTooLargeMessage(fileName));
    if (error instanceof errors.FilesLimitError) return new HttpError(413, TOO_MANY_PICTURES_MESSAGE);
    // busboy's own errors (no boundary, a body cut short, ...) are plain Errors: the client's fault.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof HttpError || (typeof status === 'number' && status >= 400 && status < 500))
      return error;
    return new HttpError(400, `${MALFORMED_MULTIPART_MESSAGE} (${(error as Error).message})`);
  };
  try {
    const files = request.files({
      limits: { fileSize: MAX_PICTURE_BYTES, files: MAX_PICTURES_PER_UPLOAD, fields: 20, fieldSize: 10_000 },
    });
    for await (const part of files) {
      const fileName = displayName(part.filename);
      yield {
        fileName,
        read: async () => {
          try {
            return await part.toBuffer();
          } catch (error) {
            throw refusal(error, fileName);
          }
        },
      };
    }
  } catch (error) {
    throw refusal(error, 'A file');
  }
}
