import {
  cpfProblem, dateOfBirthProblem, emailProblem, passwordProblem, phoneProblem, textProblem,
  type PasswordPolicy, type Problem,
} from './rules';

export interface SignUpValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  countryCode: string;
  currencyCode: string;
  /** Country whose calling code the phone uses (codes like +1 are shared). */
  phoneCountry: string;
  phoneCode: string;
  phone: string;
  address: string;
  city: string;
  zipCode: string;
  promoCode: string;
  gender: string;
  nickname: string;
  cpf: string;
  isAdult: boolean;
  acceptTerms: boolean;
  newsletter: boolean;
}

export type FieldName = keyof SignUpValues;
export type SignUpProblems = Partial<Record<FieldName, Problem>>;

/** get-registration-fields: a field is shown unless the operator set it to 0. */
export function isShown(fields: Record<string, number> | undefined, name: string): boolean {
  return !fields || fields[name] !== 0;
}

export const GENDERS = ['Not to say', 'Male', 'Female'] as const;

/**
 * Every rule of SPEC section 5 for the full form, for the fields the operator
 * shows. Hidden fields are only length-checked, as on the server.
 */
export function validateSignUp(
  v: SignUpValues,
  fields: Record<string, number> | undefined,
  policy: PasswordPolicy | undefined,
  now = new Date(),
): SignUpProblems {
  const out: SignUpProblems = {};
  const set = (name: FieldName, p: Problem | null) => {
    if (p) out[name] = p;
  };
  const shown = (name: string) => isShown(fields, name);

  set('email', emailProblem(v.email.trim()));
  set('password', passwordProblem(v.password, policy));
  if (v.confirmPassword !== v.password) out.confirmPassword = { key: v.confirmPassword ? 'passwordsMatch' : 'required' };
  for (const name of ['firstName', 'lastName', 'address', 'city', 'zipCode', 'nickname'] as const) {
    set(name, textProblem(v[name], shown(name) && name !== 'nickname'));
  }
  if (v.promoCode.length > 64) out.promoCode = { key: 'invalidFormat' };
  if (shown('dateOfBirth')) set('dateOfBirth', dateOfBirthProblem(v.dateOfBirth, now));
  if (!v.countryCode) out.countryCode = { key: 'required' };
  if (!v.currencyCode) out.currencyCode = { key: 'required' };
  if (shown('phone')) set('phone', phoneProblem(v.phoneCode, v.phone));
  if (shown('cpf') && v.countryCode === 'BR') set('cpf', cpfProblem(v.cpf));
  if (!v.isAdult) out.isAdult = { key: 'required' };
  if (!v.acceptTerms) out.acceptTerms = { key: 'required' };
  return out;
}

/** The one-click form: only country, currency and the consents. */
export function validateOneClick(v: Pick<SignUpValues, 'countryCode' | 'currencyCode' | 'isAdult' | 'acceptTerms'>): SignUpProblems {
  const out: SignUpProblems = {};
  if (!v.countryCode) out.countryCode = { key: 'required' };
  if (!v.currencyCode) out.currencyCode = { key: 'required' };
  if (!v.isAdult) out.isAdult = { key: 'required' };
  if (!v.acceptTerms) out.acceptTerms = { key: 'required' };
  return out;
}

/** The sign-up body of SPEC section 7 from the form (hidden fields are left out). */
export function signUpBody(v: SignUpValues, fields: Record<string, number> | undefined): Record<string, unknown> {
  const shown = (name: string) => isShown(fields, name);
  const body: Record<string, unknown> = {
    email: v.email.trim(),
    password: v.password,
    confirmPassword: v.confirmPassword,
    countryCode: v.countryCode,
    currencyCode: v.currencyCode,
    isAdult: v.isAdult,
    acceptTerms: v.acceptTerms,
    newsletter: shown('newsletter') && v.newsletter,
  };
  for (const name of ['firstName', 'lastName', 'address', 'city', 'zipCode', 'promoCode', 'gender', 'nickname'] as const) {
    if (shown(name)) body[name] = v[name].trim();
  }
  if (shown('nickname')) body.username = v.nickname.trim();
  if (shown('dateOfBirth')) body.dateOfBirth = v.dateOfBirth;
  if (shown('phone')) Object.assign(body, { phoneCode: v.phoneCode, phone: v.phone });
  if (shown('cpf') && v.countryCode === 'BR') body.cpf = v.cpf.trim();
  return body;
}
