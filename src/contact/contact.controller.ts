import { PublicForm } from 'src/forms/public-form';
import { Body, Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { clientIp } from 'src/http/client-ip';
import { RateLimit } from 'src/rate-limit/rate-limit.decorator';
import { ContactService } from './contact.service';
import { toContactResponse } from './contact.response';
import { CreateContactDto } from './dto/create-contact.dto';
import { Invalidates } from 'src/common/cache-tags';

@Controller()
export class ContactController {
  constructor(private readonly contacts: ContactService) {}

  @PublicForm('api/contact', 'forms/contact', ({ emailSent }) => ({ emailSent }))
  @RateLimit('contact')
  // A message is shown on no page.
  @Invalidates()
  async create(@Body() dto: CreateContactDto, @Req() request: Request) {
    return toContactResponse(await this.contacts.create(dto, clientIp(request)));
  }
}
