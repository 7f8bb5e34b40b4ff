import { useState } from 'react';
import type { SubscriberResponse } from 'core/api/admin';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { CheckboxField, TextField } from '../ui/Field';

export interface SubscriberFormProps {
  subscriber: SubscriberResponse;
  saving: boolean;
  onSave: (values: { email: string; subscribed: boolean }) => void;
  onCancel: () => void;
}

/** The edit form shown when a subscriber is selected (SPEC section 2, newsletter tab). */
export function SubscriberForm({ subscriber, saving, onSave, onCancel }: SubscriberFormProps) {
  const [email, setEmail] = useState(subscriber.email);
  const [subscribed, setSubscribed] = useState(subscriber.subscribed);
  return (
    <Card>
      <CardHeader title="Edit Subscriber" description={subscriber.email} level={3} />
      <CardContent>
        <form
          noValidate
          className="grid max-w-xl gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSave({ email: email.trim(), subscribed });
          }}
        >
          <TextField label="Email Address" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
          <CheckboxField label="Active Subscription" checked={subscribed} onChange={setSubscribed} />
          <div className="flex gap-3">
            <Button type="submit" disabled={saving}>
              Update SubscriberResponse
            </Button>
            <Button variant="outline" disabled={saving} onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
