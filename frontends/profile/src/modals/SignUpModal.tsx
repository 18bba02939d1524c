import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  editProfileUrl, getCpncToSend, getFirstUrl, getLanguage, getMarketingParams, navigate, screenResolution, setToken,
  useModal, usePathname, userDeviceType, useSearchParams, useSettings, withQuery,
} from '@casino/platform';
import { Button, ErrorState, Modal, Skeleton, TabPanel, Tabs } from '@casino/ui';
import { signUp, useCountries, useCurrencies, useLocation, useRegistrationFields, type SignUpResult } from '../api';
import { m } from '../messages';
import { recaptchaToken } from '../signup/captcha';
import { CredentialsScreen } from '../signup/CredentialsScreen';
import { signUpBody, type SignUpValues } from '../signup/form';
import { deviceId, handOffToLogin } from '../signup/handoff';
import { OneClickForm, type OneClickValues } from '../signup/OneClickForm';
import { SignUpForm, type SignUpData } from '../signup/SignUpForm';

type Tab = 'full' | 'oneClick';

function useSignUpData(): { data: SignUpData | null; error: Error | null; retry: () => void } {
  const settings = useSettings();
  const fields = useRegistrationFields();
  const countries = useCountries();
  const currencies = useCurrencies();
  const location = useLocation();
  const error = fields.error ?? countries.error ?? currencies.error;
  const retry = () => {
    fields.refetch();
    countries.refetch();
    currencies.refetch();
  };
  if (!fields.data || !countries.data || !currencies.data || (location.loading && !location.error)) return { data: null, error, retry };
  const list = countries.data.allCountries ?? countries.data.countries?.rows ?? [];
  const located = location.data?.location?.country?.code ?? '';
  return {
    data: {
      fields: fields.data,
      countries: list,
      currencies: currencies.data.currencies ?? [],
      defaultCountry: list.some((c) => c.code === located) ? located : '',
      defaultCurrency: settings?.defaultCurrency ?? 'EUR',
    },
    error,
    retry,
  };
}

/** Everything SPEC section 7 lists beside the form fields. */
function trackingFields(linked: boolean, linkAccount: string | null) {
  const id = deviceId();
  return {
    linkAccount: linked ? (linkAccount ?? 'true') : '',
    preferredLanguage: getLanguage(),
    uniqueKey: id,
    userUUID: id,
    cpnc: getCpncToSend(),
    mkt: getMarketingParams().mkt,
    userDeviceType: userDeviceType(),
    screenResolution: screenResolution(),
    firstUrl: getFirstUrl(),
    uidToken: id,
  };
}

/**
 * `?modal=signup` and `?modal=linked-signup`: full or one-click registration.
 * Closing the linked variant leads to the edit-profile page (SPEC section 2).
 */
export function SignUpModal({ linked = false }: { linked?: boolean }) {
  const intl = useIntl();
  const settings = useSettings();
  const params = useSearchParams();
  const { close, open } = useModal();
  const { data, error, retry } = useSignUpData();
  const [tab, setTab] = useState<Tab>('full');
  const [credentials, setCredentials] = useState<SignUpResult['credentials'] | null>(null);
  const oneClick = settings?.features?.oneClickRegistration !== false;
  const editProfile = editProfileUrl(settings, usePathname());
  const leave = linked ? () => navigate(editProfile) : close;

  const send = async (body: Record<string, unknown>) => {
    const token = await recaptchaToken(!!settings?.features?.captcha);
    const result = await signUp({ ...body, ...trackingFields(linked, params.get('linkAccount')), recaptchaToken: token });
    if (result.credentials) {
      setToken(result.accessToken);
      setCredentials(result.credentials);
    } else if (result.accessToken) {
      // A mirror domain with loginOff logs the new player in.
      setToken(result.accessToken);
      leave();
    } else {
      handOffToLogin(result.createUser.email);
      if (linked) navigate(withQuery(editProfile, { modal: 'login' }));
      else open('login');
    }
  };
  const submitFull = (v: SignUpValues) => send(signUpBody(v, data?.fields));
  const submitOneClick = (v: OneClickValues) => send({ ...v, oneClick: true });

  if (credentials) {
    return (
      <Modal open title={intl.formatMessage(m.credentialsTitle)} onClose={leave} width={520} closeOnBackdrop={false}>
        <CredentialsScreen login={credentials.email} password={credentials.password} onDone={leave} />
      </Modal>
    );
  }
  const tabs = [
    { key: 'full' as const, label: intl.formatMessage(m.signupFull) },
    ...(oneClick ? [{ key: 'oneClick' as const, label: intl.formatMessage(m.signupOneClick) }] : []),
  ];
  return (
    <Modal open title={intl.formatMessage(m.signupTitle)} onClose={leave} width={640} closeOnBackdrop={false}>
      {error && <ErrorState message={error.message} onRetry={retry} />}
      {!error && !data && <Skeleton $height="420px" />}
      {data && (
        <>
          {tabs.length > 1 && <Tabs items={tabs} active={tab} onChange={setTab} label={intl.formatMessage(m.signupTitle)} idBase="signup" />}
          <TabPanel idBase="signup" active={tab}>
            {tab === 'full' ? <SignUpForm data={data} onSubmit={submitFull} /> : <OneClickForm data={data} onSubmit={submitOneClick} />}
          </TabPanel>
          <Button variant="ghost" block onClick={() => open('login')} style={{ marginTop: 8 }}>
            {intl.formatMessage(m.haveAccount)}
          </Button>
        </>
      )}
    </Modal>
  );
}
