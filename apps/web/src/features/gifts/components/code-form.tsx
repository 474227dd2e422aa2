import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/** A form to type a code; goes to `${base}/${code}`. */
export function CodeForm({ base, label = 'Your code' }: { base: string; label?: string }) {
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
          label={label}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          style={{ flex: '1 1 16rem' }}
          styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.05em' } }}
        />
        <Button type="submit" disabled={!code.trim()}>
          Continue
        </Button>
      </Group>
    </form>
  );
}
