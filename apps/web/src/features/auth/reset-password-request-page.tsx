import { resetPasswordRequestBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage, TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { requestPasswordReset } from './auth.api';
import { errorDetail } from './auth-errors';
import { AuthCard } from './components/auth-card';
import { authMessages } from './messages';

const m = authMessages.resetRequest;

/** /reset-password-request (spec 2.11): the answer is the same whether or not the e-mail exists. */
export default function ResetPasswordRequestPage() {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm({ resolver: zodResolver(resetPasswordRequestBodySchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      await requestPasswordReset(email);
      setResult({ tone: 'success', text: m.sent });
    } catch (err) {
      setResult({ tone: 'error', text: errorDetail(err) ?? m.failed });
    }
  });
  return (
    <AuthCard title={m.title} lead={m.lead}>
      <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
        <TextField
          label={authMessages.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={authMessages.emailPlaceholder}
          error={errors.email?.message}
          {...form.register('email')}
        />
        {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
        <SubmitButton className="btn btn-primary btn-lg btn-block" pending={isSubmitting} pendingLabel={m.submitting}>
          {m.submit}
        </SubmitButton>
      </form>
      <Link to={paths.login.getHref()} className="btn btn-ghost">
        {m.toLogin}
      </Link>
    </AuthCard>
  );
}
