import { newPasswordSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { withPasswordMatch } from '@/components/form/password-match';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage, TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { resetPassword } from './auth.api';
import { errorDetail } from './auth-errors';
import { AuthCard } from './components/auth-card';
import { authMessages } from './messages';
import { whenConfirmTyped } from './registration-schemas';

const m = authMessages.reset;

const resetFormSchema = z
  .object({
    new_password: newPasswordSchema,
    password_confirm: z.string().min(1, authMessages.passwordConfirmRequired),
  })
  .refine((v) => v.new_password === v.password_confirm, {
    path: ['password_confirm'],
    message: authMessages.passwordMismatch,
    when: whenConfirmTyped,
  });

/** /reset-password (spec 2.11, 4): token missing, ready, success. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: withPasswordMatch(zodResolver(resetFormSchema), authMessages.passwordMismatch, 'new_password'),
    mode: 'onTouched',
    defaultValues: { new_password: '', password_confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const flight = useSingleFlight();

  if (!token) {
    return (
      <AuthCard title={m.title}>
        <div className="auth-status">
          <ShieldAlert size={40} aria-hidden="true" className="auth-status-icon" />
          <p role="alert">{m.invalidAccess}</p>
          <Link to={paths.resetPasswordRequest.getHref()} className="btn btn-primary btn-lg btn-block">
            {m.requestNew}
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={m.successTitle}>
        <div className="auth-status">
          <CheckCircle2 size={40} aria-hidden="true" className="auth-status-icon" />
          <p role="status">{m.success}</p>
          <Link to={paths.login.getHref()} className="btn btn-primary btn-lg btn-block">
            {m.toLogin}
          </Link>
        </div>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async ({ new_password }) => {
    setFailure(null);
    try {
      await resetPassword(token, new_password);
      setDone(true);
    } catch (err) {
      setFailure(errorDetail(err) ?? m.failed);
    }
  });

  return (
    <AuthCard title={m.title} lead={m.lead}>
      <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
        <TextField
          label={m.newPassword}
          type="password"
          autoComplete="new-password"
          hint={m.newPasswordHint}
          error={errors.new_password?.message}
          {...form.register('new_password', { deps: ['password_confirm'] })}
        />
        <TextField
          label={authMessages.passwordConfirm}
          type="password"
          autoComplete="new-password"
          error={errors.password_confirm?.message}
          {...form.register('password_confirm')}
        />
        {failure ? (
          <FormMessage tone="error">
            {failure}{' '}
            <Link to={paths.resetPasswordRequest.getHref()} className="link">
              {m.requestNew}
            </Link>
          </FormMessage>
        ) : null}
        <SubmitButton className="btn btn-primary btn-lg btn-block" pending={isSubmitting} pendingLabel={m.submitting}>
          {m.submit}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
