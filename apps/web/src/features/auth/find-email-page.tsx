import { findEmailBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { formatOnInput } from '@/components/form/formatted-input';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage, TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { formatPhoneInput } from '@/lib/phone';
import { findEmail } from './auth.api';
import { findEmailFailure } from './auth-errors';
import { AuthCard } from './components/auth-card';
import { authMessages } from './messages';

const m = authMessages.findEmail;

/** /find-email (spec 2.11): phone in, the masked e-mail out. */
export default function FindEmailPage() {
  const [found, setFound] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(findEmailBodySchema), defaultValues: { phone: '' } });
  const { errors, isSubmitting } = form.formState;
  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async ({ phone }) => {
    setFailure(null);
    setFound(null);
    try {
      const answer = await findEmail(phone);
      setFound(answer.masked_email || answer.email);
    } catch (err) {
      setFailure(findEmailFailure(err));
    }
  });
  return (
    <AuthCard title={m.title} lead={m.lead}>
      <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
        <TextField
          label={authMessages.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={authMessages.phonePlaceholder}
          error={errors.phone?.message}
          {...formatOnInput(form.register('phone'), formatPhoneInput)}
        />
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <SubmitButton className="btn btn-primary btn-lg btn-block" pending={isSubmitting} pendingLabel={m.submitting}>
          {m.submit}
        </SubmitButton>
      </form>
      {found ? (
        <div className="auth-result" role="status">
          <span>{m.result}</span>
          <strong>{found}</strong>
        </div>
      ) : null}
      <div className="auth-actions">
        <Link to={paths.login.getHref()} className="btn btn-outline">
          {m.toLogin}
        </Link>
        <Link to={paths.resetPasswordRequest.getHref()} className="btn btn-ghost">
          {m.resetPassword}
        </Link>
      </div>
    </AuthCard>
  );
}
