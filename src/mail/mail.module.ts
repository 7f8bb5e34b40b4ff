import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { createMailTransport, MAIL_TRANSPORT } from './mail-transport';
import { MailService } from './mail.service';

@Module({
  providers: [{ provide: MAIL_TRANSPORT, useFactory: (config: AppConfig) => createMailTransport(config), inject: [APP_CONFIG] }, MailService],
  exports: [MailService],
})
export class MailModule {}
