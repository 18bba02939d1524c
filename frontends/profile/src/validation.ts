/** SPEC section 5: typing an email allows only letters, digits and @ . _ % + - */
export function filterEmailInput(text: string): string {
  return text.replace(/[^A-Za-z0-9@._%+-]/g, '');
}

export const EMAIL_FORMAT = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export type LoginErrors = Partial<Record<'email' | 'password', 'required' | 'invalid'>>;

/** Login form rules: email required and well-formed, password required (max 255). */
export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = 'required';
  else if (!EMAIL_FORMAT.test(email.trim())) errors.email = 'invalid';
  if (!password) errors.password = 'required';
  else if (password.length > 255) errors.password = 'invalid';
  return errors;
}

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const ALLOWED_EXT = ['jpg', 'jpeg', 'png', 'pdf'];

/** Document upload rules (SPEC section 5): jpg, jpeg, png or pdf; max 25MB. */
export function validateDocument(file: { name: string; size: number }): 'type' | 'size' | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!ALLOWED_EXT.includes(ext)) return 'type';
  if (file.size >= MAX_UPLOAD_BYTES) return 'size';
  return null;
}
