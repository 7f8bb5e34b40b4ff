import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from 'src/mail/mail.module';
import { Contact } from './contact.entity';
import { ContactController } from './contact.controller';
import { ContactPagesController } from './contact.pages.controller';
import { ContactService } from './contact.service';

@Module({
  imports: [TypeOrmModule.forFeature([Contact]), MailModule],
  controllers: [ContactController, ContactPagesController],
  providers: [ContactService],
  exports: [ContactService],
})
export class ContactModule {}
