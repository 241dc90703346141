//! Many threads checksumming different stamped and dynamic CRCs at once, starting together so
//! that the first-use CPU detection races: every result must still be the reference's.
//! (Its own test binary, so no earlier test has already settled the dispatch cache.)

use std::sync::{Arc, Barrier};

use crcstamp::catalog::{Crc16T10Dif, Crc32Iscsi, Crc32IsoHdlc, Crc64Nvme};
use crcstamp::{Crc, DynCrc};

fn run<T: Crc>(data: &[u8]) -> u128
where
    T::Word: Into<u128>,
{
    T::checksum(data).into()
}

#[test]
fn first_use_dispatch_races_are_harmless() {
    let data: Arc<Vec<u8>> = Arc::new((0..100_000u32).map(|i| (i * 31 + 7) as u8).collect());
    let names = [
        "CRC-32/ISO-HDLC",
        "CRC-32/ISCSI",
        "CRC-16/T10-DIF",
        "CRC-64/NVME",
    ];
    let want: Vec<u128> = names
        .iter()
        .map(|n| crc_gen::catalogue::lookup(n).unwrap().model.crc(&data))
        .collect();
    let threads = 16;
    let barrier = Arc::new(Barrier::new(threads));
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let (data, barrier, want) = (data.clone(), barrier.clone(), want.clone());
            std::thread::spawn(move || {
                barrier.wait();
                for round in 0..20 {
                    let len = (t * 997 + round * 4099) % data.len();
                    let d = &data[..len];
                    let name = names[(t + round) % names.len()];
                    let stamped = match name {
                        "CRC-32/ISO-HDLC" => run::<Crc32IsoHdlc>(d),
                        "CRC-32/ISCSI" => run::<Crc32Iscsi>(d),
                        "CRC-16/T10-DIF" => run::<Crc16T10Dif>(d),
                        _ => run::<Crc64Nvme>(d),
                    };
                    let dynamic = DynCrc::from_catalog(name).unwrap().checksum(d);
                    let reference = crc_gen::catalogue::lookup(name).unwrap().model.crc(d);
                    assert_eq!(stamped, reference, "{name} thread {t} len {len}");
                    assert_eq!(dynamic, reference, "{name} dynamic thread {t} len {len}");
                }
                let whole: Vec<u128> = vec![
                    run::<Crc32IsoHdlc>(&data),
                    run::<Crc32Iscsi>(&data),
                    run::<Crc16T10Dif>(&data),
                    run::<Crc64Nvme>(&data),
                ];
                assert_eq!(whole, want);
            })
        })
        .collect();
    for h in handles {
        h.join().expect("no thread panicked");
    }
}
