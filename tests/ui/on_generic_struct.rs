use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI")]
struct Crc<T>(core::marker::PhantomData<T>);

fn main() {}
