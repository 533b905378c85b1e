module github.com/cubecensus/cubecensus

go 1.26.8
