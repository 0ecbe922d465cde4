import { loginBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage, TextField } from '@/components/form/text-field';
import { LoadingScreen } from '@/components/start-up-screens';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { login } from './auth.api';
import { afterLoginTarget, type LoginFailure, loginFailure } from './auth-errors';
import { AuthCard } from './components/auth-card';
import { KakaoButton } from './components/kakao-button';
import { authMessages } from './messages';

const m = authMessages.login;

interface LoginState {
  /** Set by a purchase attempt: where to go back to after login (spec 2.8). */
  returnUrl?: string;
  /** A notice to show above the form (registration success, login-required-to-order). */
  message?: string;
}

/** /login (spec 2.8): idle, loading, error. */
export default function LoginPage() {
  const { displayName, isEnabled } = useTenant();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LoginState;
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  // Signed in: the next screen is on its way. Navigations are transitions, which keep this screen
  // on show until that screen's code has arrived; without this the form stayed up to a second
  // under the signed-in header.
  const [entering, setEntering] = useState(false);
  const form = useForm({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await login(values.username, values.password);
      setEntering(true);
      signIn(answer.access_token, answer.user);
      navigate(afterLoginTarget(answer.user.user_type, state.returnUrl), { replace: true });
    } catch (err) {
      setFailure(loginFailure(err));
    }
  });

  // Without an in-app page behind it, the back arrow leads to the page the visitor came to buy
  // from (a same-site path), else home.
  const backTo =
    typeof state.returnUrl === 'string' && state.returnUrl.startsWith('/') && !state.returnUrl.startsWith('//')
      ? state.returnUrl
      : paths.home.getHref();
  const notice = state.returnUrl ? (state.message ?? m.orderRequired) : state.message;
  if (entering) return <LoadingScreen label={m.entering} />;
  return (
    <AuthCard title={m.title} lead={m.lead(displayName)} backTo={backTo}>
      {notice ? <FormMessage tone={state.returnUrl ? 'info' : 'success'}>{notice}</FormMessage> : null}
      <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
        <TextField
          label={authMessages.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={authMessages.emailPlaceholder}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label={authMessages.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {failure ? (
          <FormMessage tone="error">
            <p>{failure.text}</p>
          </FormMessage>
        ) : null}
        {failure?.kind === 'social' ? <KakaoButton /> : null}
        <SubmitButton className="btn btn-primary btn-lg btn-block" pending={isSubmitting} pendingLabel={m.submitting}>
          {m.submit}
        </SubmitButton>
      </form>
      <nav className="auth-links" aria-label={m.findEmail}>
        <Link to={paths.findEmail.getHref()} className="link">
          {m.findEmail}
        </Link>
        <span aria-hidden="true">·</span>
        <Link to={paths.resetPasswordRequest.getHref()} className="link">
          {m.resetPassword}
        </Link>
      </nav>
      {isEnabled('social_login') && failure?.kind !== 'social' ? (
        <>
          <div className="auth-divider">{m.or}</div>
          <KakaoButton />
        </>
      ) : null}
      <div className="auth-signup">
        <p>{m.noAccount}</p>
        <div className="auth-signup-buttons">
          <Link to={paths.terms.getHref()} state={{ userType: 'customer' }} className="btn btn-outline">
            {m.signUpCustomer}
          </Link>
          <Link to={paths.terms.getHref()} state={{ userType: 'merchant' }} className="btn btn-outline">
            {m.signUpMerchant}
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
