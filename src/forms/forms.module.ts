import { Global, Module } from '@nestjs/common';
import { RatingsModule } from 'src/ratings/ratings.module';
import { FormOutcomeFilter } from './form-outcome.filter';
import { FormOutcomes } from './form-outcomes';
import { FormsController } from './forms.controller';
import { PublicFormInterceptor } from './public-form';

/**
 * The public forms without JavaScript: posted by the browser, answered with a redirect the page shows.
 * Global, so that each form's own controller serves its post with PublicForm (one handler for the JSON
 * call and the post); only another site's post is refused before (sameOriginOnly, a stage of the edge).
 */
@Global()
@Module({
  imports: [RatingsModule],
  controllers: [FormsController],
  providers: [FormOutcomes, FormOutcomeFilter, PublicFormInterceptor],
  exports: [FormOutcomes, FormOutcomeFilter, PublicFormInterceptor],
})
export class FormsModule {}
