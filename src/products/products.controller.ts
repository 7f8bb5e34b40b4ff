import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { AdminListSliceQueryDto } from 'src/admin-auth/admin-list-query.dto';
import { AdminListOnRequest, AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { idParam } from 'src/validation/id.pipe';
import { CreateProductDto, UpdateProductDto } from './dto/product-write.dto';
import { toProductResponse } from './product.response';
import { ProductsService } from './products.service';
import { CacheTags, Invalidates, Tag } from 'src/common/cache-tags';

const id = idParam('Product id');

@CacheTags(Tag.products)
@Invalidates(Tag.products)
@Controller('api')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get('products')
  @AdminListOnRequest()
  async list(@Query() { admin, ...slice }: AdminListSliceQueryDto) {
    return (await (admin ? this.products.listAll(slice) : this.products.listPublished(slice))).map(toProductResponse);
  }

  @Get('products/featured')
  async featured() {
    return (await this.products.listFeatured()).map(toProductResponse);
  }

  @Post('products')
  @AdminOnly()
  async create(@Body() dto: CreateProductDto) {
    return toProductResponse(await this.products.create(dto));
  }

  @Patch('products/:id')
  @AdminOnly()
  async update(@Param('id', id) productId: number, @Body() dto: UpdateProductDto) {
    return toProductResponse(await this.products.update(productId, dto));
  }

  @Delete('products/:id')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param('id', id) productId: number): Promise<void> {
    await this.products.remove(productId);
  }
}
