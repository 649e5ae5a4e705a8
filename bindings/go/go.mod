module example.invalid/pencilmark/bindings/go

go 1.21
