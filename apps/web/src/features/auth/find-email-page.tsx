import { findEmailBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormMessage, TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
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
      <form className="form-stack" noValidate onSubmit={onSubmit}>
        <TextField
          label={authMessages.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={authMessages.phonePlaceholder}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={isSubmitting}>
          {isSubmitting ? m.submitting : m.submit}
        </button>
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
