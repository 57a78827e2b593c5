import { startProcess, waitUntil } from '@pp/testing'
import { expect, it } from 'vitest'

it('refuses to start with half an email provider, naming the missing setting', async () => {
  // the configuration is read before anything is opened: no database or NATS is reached
  const service = startProcess('customers', 'services/customers/src/main.ts', {
    DATABASE_URL: 'postgresql://customers@127.0.0.1:1/customers',
    SMTP_HOST: 'smtp.example.com',
    SMTP_USER: 'mailer',
  })
  try {
    await waitUntil(async () => service.child.exitCode !== null, `the customers process to exit\n${service.output()}`, 60_000)
    expect(service.child.exitCode).not.toBe(0)
    expect(service.output()).toMatch(/SMTP_FROM: required when SMTP_HOST, SMTP_USER are set/)
    expect(service.output()).toMatch(/SMTP_PASSWORD_FILE: required when SMTP_USER is set/)
  } finally {
    await service.stop()
  }
})
