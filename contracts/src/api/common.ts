import { z } from 'zod';

/** The field of a multipart upload that holds its one file (the dataset and list-file uploads). */
export const UPLOAD_FILE_FIELD = 'file';

/** A multipart form of an upload: its text fields, then its one file under `UPLOAD_FILE_FIELD`. */
export function uploadForm(fields: Record<string, string>, file: Blob, fileName: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(UPLOAD_FILE_FIELD, file, fileName);
  return form;
}

/** Every error the API answers with, whatever its status. */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Trimmed text that must not be empty, with an upper bound so nobody can post a novel. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const emailAddress = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Email must be a valid email address'));
