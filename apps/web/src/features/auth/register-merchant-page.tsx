import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AddressField } from '@/components/form/address-field';
import { formatOnInput } from '@/components/form/formatted-input';
import { withPasswordMatch } from '@/components/form/password-match';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage, TextAreaField, TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { formatBusinessNumberInput } from '@/lib/format';
import { formatPhoneInput } from '@/lib/phone';
import { registerMerchant } from './auth.api';
import { registrationFailure } from './auth-errors';
import { AuthCard } from './components/auth-card';
import { EmailVerificationFields, isEmailVerified, useEmailVerification } from './components/email-verification';
import { authMessages } from './messages';
import { merchantAccountSchema, merchantFormSchema } from './registration-schemas';

const m = authMessages.register;
const accountFields = ['email', 'username', 'password', 'password_confirm'] as const;

/** /register/merchant (spec 2.10): step 1 account with e-mail verification, step 2 business, previous goes back. */
export default function RegisterMerchantPage() {
  const navigate = useNavigate();
  const verification = useEmailVerification();
  const [step, setStep] = useState<1 | 2>(1);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    resolver: withPasswordMatch(zodResolver(merchantFormSchema), authMessages.passwordMismatch),
    mode: 'onTouched',
    shouldUnregister: false,
    defaultValues: {
      email: '',
      username: '',
      password: '',
      password_confirm: '',
      merchant: { business_name: '', business_number: '', business_description: '', address: '', phone: '' },
    },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const values = form.watch();
  const verified = isEmailVerified(verification, values.email);
  const accountReady = verified && merchantAccountSchema.safeParse(values).success;
  const ready = isValid && verified;

  const goTo = (next: 1 | 2) => {
    setStep(next);
    setFailure(null);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const next = async () => {
    if (await form.trigger(accountFields, { shouldFocus: true })) {
      if (verified) goTo(2);
    }
  };

  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async ({ password_confirm: _confirm, merchant, ...account }) => {
    setFailure(null);
    try {
      await registerMerchant({
        ...account,
        user_type: 'merchant',
        merchant: { ...merchant, business_description: merchant.business_description || undefined },
      });
      navigate(paths.login.getHref(), { state: { message: m.success } });
    } catch (err) {
      const problem = registrationFailure(err);
      if (problem.field) {
        goTo(1);
        setTimeout(
          () => form.setError(problem.field as 'email' | 'username' | 'password', { message: problem.text }),
          0,
        );
      } else setFailure(problem.text);
    }
  });

  return (
    <AuthCard
      title={m.merchantTitle}
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
      <ol className="auth-steps" aria-label={m.step(step, 2)}>
        <li aria-current={step === 1 ? 'step' : undefined} className={step > 1 ? 'done' : undefined}>
          {m.step1}
        </li>
        <li aria-current={step === 2 ? 'step' : undefined}>{m.step2}</li>
      </ol>
      <div ref={headingRef} tabIndex={-1} className="visually-hidden">
        {m.step(step, 2)} {step === 1 ? m.step1 : m.step2}
      </div>
      <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
        {step === 1 ? (
          <div key="account" className="form-stack">
            <EmailVerificationFields
              verification={verification}
              email={values.email}
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
            <button
              type="button"
              className="btn btn-primary btn-lg btn-block"
              onClick={next}
              disabled={!accountReady}
              aria-describedby={accountReady ? undefined : 'merchant-next-hint'}
            >
              {m.next}
            </button>
            {!accountReady ? (
              <p id="merchant-next-hint" className="field-hint auth-center">
                {m.nextHint}
              </p>
            ) : null}
          </div>
        ) : (
          <div key="business" className="form-stack">
            <TextField
              label={m.businessName}
              placeholder={m.businessNamePlaceholder}
              autoComplete="organization"
              error={errors.merchant?.business_name?.message}
              {...form.register('merchant.business_name')}
            />
            <TextField
              label={m.businessNumber}
              inputMode="numeric"
              placeholder={m.businessNumberPlaceholder}
              hint={m.businessNumberHint}
              error={errors.merchant?.business_number?.message}
              {...formatOnInput(form.register('merchant.business_number'), formatBusinessNumberInput)}
            />
            <TextAreaField
              label={m.businessDescription}
              placeholder={m.businessDescriptionPlaceholder}
              error={errors.merchant?.business_description?.message}
              {...form.register('merchant.business_description')}
            />
            <Controller
              control={form.control}
              name="merchant.address"
              render={({ field, fieldState }) => (
                <AddressField
                  label={m.businessAddress}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextField
              label={m.businessPhone}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={m.businessPhonePlaceholder}
              error={errors.merchant?.phone?.message}
              {...formatOnInput(form.register('merchant.phone'), formatPhoneInput)}
            />
            {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
            <div className="auth-actions">
              <button type="button" className="btn btn-outline btn-lg" onClick={() => goTo(1)}>
                {m.previous}
              </button>
              <SubmitButton
                className="btn btn-primary btn-lg"
                pending={isSubmitting}
                disabled={!ready}
                pendingLabel={m.submitting}
              >
                {m.submit}
              </SubmitButton>
            </div>
          </div>
        )}
      </form>
    </AuthCard>
  );
}
