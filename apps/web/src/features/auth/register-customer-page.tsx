import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AddressField } from '@/components/form/address-field';
import { formatOnInput } from '@/components/form/formatted-input';
import { withPasswordMatch } from '@/components/form/password-match';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage, TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { formatPhoneInput } from '@/lib/phone';
import { registerCustomer } from './auth.api';
import { registrationFailure } from './auth-errors';
import { AuthCard } from './components/auth-card';
import { EmailVerificationFields, isEmailVerified, useEmailVerification } from './components/email-verification';
import { authMessages } from './messages';
import { customerFormSchema } from './registration-schemas';

const m = authMessages.register;

/** /register/customer (spec 2.10, 4): one step; submit only when everything is valid and the e-mail verified. */
export default function RegisterCustomerPage() {
  const navigate = useNavigate();
  const verification = useEmailVerification();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: withPasswordMatch(zodResolver(customerFormSchema), authMessages.passwordMismatch),
    mode: 'onTouched',
    defaultValues: { email: '', username: '', password: '', password_confirm: '', phone: '', address: '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const email = form.watch('email');
  const verified = isEmailVerified(verification, email);
  const ready = isValid && verified;

  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async ({ password_confirm: _confirm, ...values }) => {
    setFailure(null);
    try {
      await registerCustomer({ ...values, user_type: 'customer' });
      navigate(paths.login.getHref(), { state: { message: m.success } });
    } catch (err) {
      const problem = registrationFailure(err);
      if (problem.field) form.setError(problem.field, { message: problem.text }, { shouldFocus: true });
      else setFailure(problem.text);
    }
  });

  return (
    <AuthCard
      title={m.customerTitle}
      lead={m.lead}
      footer={
        <>
          {m.haveAccount}
          <Link to={paths.login.getHref()} className="link">
            {m.login}
          </Link>
        </>
      }
    >
      <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
        <EmailVerificationFields
          verification={verification}
          email={email}
          emailField={form.register('email')}
          emailError={errors.email?.message}
          setEmailError={(message) => form.setError('email', { message })}
          clearEmailError={() => form.clearErrors('email')}
        />
        <TextField
          label={authMessages.username}
          autoComplete="nickname"
          placeholder={authMessages.usernamePlaceholder}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label={authMessages.password}
          type="password"
          autoComplete="new-password"
          hint={authMessages.passwordHint}
          error={errors.password?.message}
          {...form.register('password', { deps: ['password_confirm'] })}
        />
        <TextField
          label={authMessages.passwordConfirm}
          type="password"
          autoComplete="new-password"
          error={errors.password_confirm?.message}
          {...form.register('password_confirm')}
        />
        <TextField
          label={authMessages.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={authMessages.phonePlaceholder}
          error={errors.phone?.message}
          {...formatOnInput(form.register('phone'), formatPhoneInput)}
        />
        <Controller
          control={form.control}
          name="address"
          render={({ field, fieldState }) => (
            <AddressField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <SubmitButton
          className="btn btn-primary btn-lg btn-block"
          pending={isSubmitting}
          pendingLabel={m.submitting}
          disabled={!ready}
          aria-describedby={ready ? undefined : 'register-hint'}
        >
          {m.submit}
        </SubmitButton>
        {!ready ? (
          <p id="register-hint" className="field-hint auth-center">
            {m.submitHint}
          </p>
        ) : null}
      </form>
    </AuthCard>
  );
}
