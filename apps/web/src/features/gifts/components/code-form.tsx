import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';

/** What a code looks like (a pattern, the same in every language). */
const CODE_PATTERN = 'XXXX-XXXX-XXXX-XXXX-XXXX';

/** A form to type a code; goes to `${base}/${code}`. */
export function CodeForm({ base, label }: { base: string; label?: string }) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const navigate = useNavigate();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const typed = code.trim().replace(/\s+/g, '');
        if (typed) void navigate(`${base}/${encodeURIComponent(typed)}`);
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={label ?? intl.formatMessage({ id: 'gifts.code.label', defaultMessage: 'Your code' })}
          placeholder={CODE_PATTERN}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          style={{ flex: '1 1 16rem' }}
          styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.05em' } }}
        />
        <Button type="submit" disabled={!code.trim()}>
          <FormattedMessage id="gifts.code.continue" defaultMessage="Continue" />
        </Button>
      </Group>
    </form>
  );
}
