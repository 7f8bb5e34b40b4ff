import { useState } from 'react';
import { useFormErrors } from '../ui/field-errors';
import { MarkedForm } from '../ui/MarkedForm';
import type { SubscriberResponse } from 'core/api/admin';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { CheckboxField, TextField } from '../ui/Field';
import { bindText } from '../ui/field-binding';

export interface SubscriberFormProps {
  subscriber: SubscriberResponse;
  saving: boolean;
  onSave: (values: { email: string; subscribed: boolean }) => void;
  onCancel: () => void;
}

/** What stops the address's save, under its field: none, or a valid one (the server checks it too). */
function emailProblems(email: string): Record<string, string> {
  const value = email.trim();
  if (!value) return { email: 'Email Address is required.' };
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? {} : { email: 'Enter a valid email address.' };
}

/** The edit form shown when a subscriber is selected (SPEC section 2, newsletter tab). */
export function SubscriberForm({ subscriber, saving, onSave, onCancel }: SubscriberFormProps) {
  const [email, setEmail] = useState(subscriber.email);
  const [subscribed, setSubscribed] = useState(subscriber.subscribed);
  const { ref, errors, check } = useFormErrors(emailProblems(email));
  return (
    <Card>
      <CardHeader title="Edit Subscriber" description={subscriber.email} level={3} />
      <CardContent>
        <MarkedForm
          errors={errors}
          formRef={ref}
          className="grid max-w-xl gap-4"
          onSubmit={() => {
            // Marks the field (issue 44); the tab still toasts SPEC's 'Missing Information' for an empty one.
            check();
            onSave({ email: email.trim(), subscribed });
          }}
        >
          <TextField label="Email Address" name="email" type="email" required {...bindText(email, setEmail)} autoComplete="off" />
          <CheckboxField label="Active Subscription" checked={subscribed} onChange={setSubscribed} />
          <div className="flex gap-3">
            <Button type="submit" disabled={saving}>
              Update Subscriber
            </Button>
            <Button variant="outline" disabled={saving} onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </MarkedForm>
      </CardContent>
    </Card>
  );
}
